/**
 * /admin/my-account-bank: the bank (mx-banks), holder, CLABE (format here; check digit and bank prefix on
 * the server with clabe-validator) and an optional debit card, of which only the last four digits are kept and shown.
 * Only an owner changes it, typing their password again; every owner is emailed and a replaced account waits 24 hours
 * before payouts (decisions 090, 091). A collaborator with the money permission sees the account, masked, and who may
 * change it.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { bankAccountInput } from '../../../../shared/contracts/balances';
import { bankAccountQuery, useSaveBankAccount } from './api/balance';
import { BalanceNav } from './balance-nav';
import { useDateTime } from './payout-section';
import { can, useSellerMe } from '../../shared/seller-me';
import { isForbidden, NoPermission } from '../../shared/no-permission';

type FormIn = z.input<typeof bankAccountInput>;
type FormOut = z.output<typeof bankAccountInput>;

export function BankAccountPage() {
  const { t } = useTranslation('balances');
  const when = useDateTime();
  const me = useSellerMe();
  const owner = can(me.data, 'owner');
  const q = useQuery(bankAccountQuery());
  const save = useSaveBankAccount();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(bankAccountInput, formSchemaOptions),
    defaultValues: { holderName: '', bankCode: '', clabe: '', cardNumber: '', currentPassword: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const account = q.data?.account;
  useEffect(() => {
    if (account)
      form.reset({
        holderName: account.holderName,
        bankCode: account.bankCode,
        clabe: '',
        cardNumber: '',
        currentPassword: '',
      });
  }, [account, form]);
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { ...body, cardNumber: body.cardNumber || undefined },
      {
        onSuccess: () => form.reset({ ...form.getValues(), clabe: '', cardNumber: '', currentPassword: '' }),
        onError: (err) => setServerFieldErrors(err, form.setError),
      },
    ),
  );
  const errors = form.formState.errors;
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  return (
    <div className="stack">
      <h1>{t('bank.title')}</h1>
      <BalanceNav />
      {account && (
        <section className="card stack" aria-labelledby="bank-current">
          <h2 id="bank-current">{t('bank.current')}</h2>
          <p data-testid="bank-current">
            <strong>{account.bankName}</strong> · {t('bank.clabe')} {account.clabeMasked}
            {account.cardMasked ? ` · ${t('bank.card')} ${account.cardMasked}` : ''}
            <br />
            <span className="muted small">{account.holderName}</span>
          </p>
          {account.payoutsHeldUntil && (
            <Alert kind="info">
              <span data-testid="bank-held">{t('bank.held', { date: when(account.payoutsHeldUntil) })}</span>
            </Alert>
          )}
        </section>
      )}
      {!owner ? (
        <p className="card muted" data-testid="bank-owner-only">
          {account ? t('bank.ownerOnly') : t('bank.ownerOnlyNone')}
        </p>
      ) : (
        <form className="card stack" onSubmit={submit} noValidate aria-labelledby="bank-form-title">
          <h2 id="bank-form-title">{account ? t('bank.change') : t('bank.add')}</h2>
          <p className="small muted">{account ? t('bank.changeRules') : t('bank.addRules')}</p>
          {save.isSuccess && <Alert kind="success">{t('bank.saved')}</Alert>}
          {save.error && !errors.clabe && !errors.currentPassword && <Alert kind="error">{save.error.message}</Alert>}
          <TextField
            label={t('bank.holder')}
            autoComplete="name"
            {...form.register('holderName')}
            error={fieldError('holderName')}
          />
          <SelectField label={t('bank.bank')} {...form.register('bankCode')} error={fieldError('bankCode')}>
            <option value="">{t('bank.chooseBank')}</option>
            {q.data.banks.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name} ({b.code})
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('bank.clabe')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={22}
            hint={t('bank.clabeHint')}
            {...form.register('clabe')}
            error={fieldError('clabe')}
          />
          <TextField
            label={t('bank.cardOptional')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={23}
            hint={t('bank.cardHint')}
            {...form.register('cardNumber')}
            error={fieldError('cardNumber')}
          />
          <TextField
            label={t('bank.password')}
            type="password"
            autoComplete="current-password"
            hint={t('bank.passwordHint')}
            {...form.register('currentPassword')}
            error={fieldError('currentPassword')}
          />
          <Button type="submit" busy={save.isPending}>
            {t('bank.save')}
          </Button>
        </form>
      )}
    </div>
  );
}
