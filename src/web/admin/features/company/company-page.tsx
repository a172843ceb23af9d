/**
 * /admin/mis-datos: the four forms every store fills as tabs, each saved on its
 * own, under a completeness indicator (decision 115) whose missing items open the form and focus the field; then
 * the two forms for suppliers and exporters (trade terms, documents, plant, export, certificates), optional, in a
 * section that starts closed for a shop and open for a supplier. `?seccion=<section>` selects a form (and
 * `&campo=<field>` focuses one), so other screens (product creation refused for an incomplete profile) can link to the
 * missing part.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  COMPANY_SECTIONS,
  ESSENTIAL_COMPANY_SECTIONS,
  SUPPLIER_BUSINESS_TYPES,
  SUPPLIER_COMPANY_SECTIONS,
  type CompanyProfile,
  type CompanySection,
} from '../../../../shared/contracts/company';
import { companyProfileQuery } from './api/company-profile';
import { BasicForm } from './basic-form';
import { ProductsForm } from './products-form';
import { DetailsForm } from './details-form';
import { ContactsForm } from './contacts-form';
import { ExportForm } from './export-form';
import { CertificatesForm } from './certificates-form';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { SupplierSwitch } from '../../shared/offers/supplier-switch';
import { InvoicingSettings } from './invoicing-settings';
import { SupplierBadgesCard } from './supplier-badges-card';
import { JobApplicationsLink } from '../../shared/job-applications-link';

const FORMS: Record<CompanySection, (p: { profile: CompanyProfile }) => React.JSX.Element> = {
  basic: BasicForm,
  products: ProductsForm,
  details: DetailsForm,
  contacts: ContactsForm,
  export: ExportForm,
  certificates: CertificatesForm,
};

type EssentialSection = (typeof ESSENTIAL_COMPANY_SECTIONS)[number];
const TABS: readonly EssentialSection[] = ESSENTIAL_COMPANY_SECTIONS;
const isSection = (v: string | null): v is CompanySection => COMPANY_SECTIONS.includes(v as CompanySection);
const isTab = (v: string | null): v is EssentialSection => TABS.includes(v as EssentialSection);
const isSupplierSection = (v: string | null) => SUPPLIER_COMPANY_SECTIONS.includes(v as 'export' | 'certificates');

export function CompanyPage() {
  const { t } = useTranslation('company');
  const profile = useQuery(companyProfileQuery);
  const [params, setParams] = useSearchParams();
  const asked = params.get('seccion');
  const current: EssentialSection = isTab(asked) ? asked : 'basic';
  // The supplier part opens by itself for a supplier or when a link asks for one of its forms; the seller may toggle it.
  const [supplierOpen, setSupplierOpen] = useState<boolean | null>(isSupplierSection(asked) ? true : null);
  const supplierRef = useRef<HTMLDetailsElement>(null);
  const askedSupplier = isSection(asked) && isSupplierSection(asked);
  // `&campo=<field>` with `?seccion=` (a link from the refused product) focuses that field once the form shows.
  const [focusTarget, setFocusTarget] = useState<{ section: CompanySection; field: string } | null>(() =>
    params.get('campo') && isSection(asked) ? { section: asked, field: params.get('campo')! } : null,
  );
  const tabs = useRef<Partial<Record<CompanySection, HTMLButtonElement | null>>>({});

  const select = (section: EssentialSection, focusTab = false) => {
    setParams(
      (p) => {
        p.set('seccion', section);
        return p;
      },
      { replace: true },
    );
    if (focusTab) tabs.current[section]?.focus();
  };

  // A gap link: open its form, then focus the field once its panel is the one shown (the URL change lands later).
  const loaded = Boolean(profile.data);
  useEffect(() => {
    if (!loaded || !focusTarget) return;
    if (focusTarget.section !== current && !isSupplierSection(focusTarget.section)) return;
    const el = document.getElementById(`co-${focusTarget.field}`);
    if (el) {
      el.focus();
      el.scrollIntoView({ block: 'center' });
    }
    setFocusTarget(null);
  }, [focusTarget, current, loaded]);

  // A link to a supplier form scrolls to it once the page shows.
  useEffect(() => {
    if (loaded && askedSupplier) supplierRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded, askedSupplier]);

  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(current);
    const last = TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i + last) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    select(TABS[next], true);
  };

  if (profile.isPending) return <Loading />;
  if (isForbidden(profile.error)) return <NoPermission />;
  if (profile.isError)
    return (
      <div className="card stack">
        <Alert kind="error">{t('loadError')}</Alert>
        <div>
          <Button onClick={() => void profile.refetch()}>{t('retry')}</Button>
        </div>
      </div>
    );
  const data = profile.data;
  const { status } = data;
  const gapLabel = (field: string) => t(`gaps.${field}`);
  const sectionsWithGaps = new Set(status.gaps.map((g) => g.section));
  const isSupplier = SUPPLIER_BUSINESS_TYPES.includes(data.basic.businessType as never);
  const open = supplierOpen ?? (isSupplier || data.supplierEnabled);

  return (
    <div className="stack company-page">
      <div>
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
        <p className="small muted">
          <span className="required-mark" aria-hidden="true">
            *
          </span>{' '}
          {t('requiredNote')}
        </p>
      </div>
      <section className="card stack company-progress" aria-labelledby="company-progress-title">
        <h2 id="company-progress-title" className="company-progress-title">
          {t('progress.label', { percent: status.percent })}
        </h2>
        <progress max={100} value={status.percent} aria-labelledby="company-progress-title" />
        {status.complete ? (
          <p className="company-progress-done">{t('progress.complete')}</p>
        ) : (
          <div>
            <p className="small muted">{t('progress.missing')}</p>
            <ul className="company-gaps">
              {status.gaps.map((g) => (
                <li key={`${g.section}-${g.field}`}>
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => {
                      if (isTab(g.section)) select(g.section);
                      setFocusTarget(g);
                    }}
                  >
                    {t('progress.goTo', { field: gapLabel(g.field) })}
                  </button>
                  <span className="small muted"> · {t(`sections.${g.section}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <div className="tabs company-tabs">
        <div role="tablist" aria-label={t('sections.label')} onKeyDown={onKey}>
          {TABS.map((s) => (
            <button
              key={s}
              ref={(el) => {
                tabs.current[s] = el;
              }}
              type="button"
              role="tab"
              id={`company-tab-${s}`}
              aria-controls={`company-panel-${s}`}
              aria-selected={s === current}
              tabIndex={s === current ? 0 : -1}
              onClick={() => select(s)}
            >
              {t(`sections.${s}`)}
              {sectionsWithGaps.has(s) && (
                <span className="company-tab-dot" aria-label={t('progress.missing')}>
                  •
                </span>
              )}
            </button>
          ))}
        </div>
        {TABS.map((s) => {
          const Form = FORMS[s];
          return (
            <div
              key={s}
              role="tabpanel"
              id={`company-panel-${s}`}
              aria-labelledby={`company-tab-${s}`}
              hidden={s !== current}
              className="company-panel"
            >
              <Form profile={data} />
            </div>
          );
        })}
      </div>
      <details
        ref={supplierRef}
        className="card company-supplier"
        open={open}
        onToggle={(e) => setSupplierOpen(e.currentTarget.open)}
      >
        <summary>
          <span className="company-supplier-title">{t('supplier.title')}</span>
          <span className="small muted">{t('supplier.text')}</span>
        </summary>
        <div className="stack">
          <SupplierSwitch enabled={data.supplierEnabled} />
          {SUPPLIER_COMPANY_SECTIONS.map((s) => {
            const Form = FORMS[s];
            return <Form key={s} profile={data} />;
          })}
          <SupplierBadgesCard />
        </div>
      </details>
      <InvoicingSettings />
      <JobApplicationsLink />
    </div>
  );
}
