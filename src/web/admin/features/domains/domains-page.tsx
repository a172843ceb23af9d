/**
 * /admin/domains (settings permission): the store's addresses and its own domains. The seller adds a domain,
 * copies the DNS records shown, checks them (Vitrina also checks in the background for 72 hours), activates the
 * domain and may make it the primary address. The server decides every rule (decision 145); this page shows them.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { EmptyState } from '../../../components/ui/empty-state';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { domainsQuery, useAddDomain } from './api/domains';
import { DomainCard } from './domain-card';
import './domains.css';

export function DomainsPage() {
  const { t } = useTranslation('admin');
  const view = useQuery(domainsQuery());
  const add = useAddDomain();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    add.mutate(name, { onSuccess: () => setName('') });
  };
  if (isForbidden(view.error)) return <NoPermission />;
  const domains = view.data?.domains ?? [];
  const custom = domains.filter((d) => d.kind === 'custom');
  const full = view.data ? domains.length >= view.data.maxDomains : false;
  return (
    <div className="stack">
      <h1>{t('domains.title')}</h1>
      <p className="muted">{t('domains.intro')}</p>
      <form className="card stack" onSubmit={submit} noValidate aria-labelledby="domain-add-title">
        <h2 id="domain-add-title">{t('domains.addTitle')}</h2>
        {add.error && <Alert kind="error">{add.error.message}</Alert>}
        <div className="domain-add">
          <TextField
            label={t('domains.name')}
            hint={t('domains.nameHint')}
            placeholder="mitienda.mx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={full}
          />
          <Button type="submit" busy={add.isPending} disabled={full || !name.trim()}>
            {t('domains.add')}
          </Button>
        </div>
        {full && view.data && <p className="small muted">{t('domains.full', { max: view.data.maxDomains })}</p>}
      </form>
      {view.isPending ? (
        <Loading />
      ) : view.error ? (
        <Alert kind="error">{view.error.message}</Alert>
      ) : (
        <>
          {custom.length === 0 && (
            <EmptyState title={t('domains.emptyTitle')}>
              <p className="muted">{t('domains.emptyText')}</p>
            </EmptyState>
          )}
          <ul className="stack domain-list">
            {domains.map((d) => (
              <DomainCard key={d.id} d={d} propagationMinutes={view.data.propagationMinutes} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
