/**
 * SPEC §2 /admin/mis-datos (issue 7 "Company profile"): the six company forms as tabs, each saved on its own, under a
 * completeness indicator (decision 040) whose missing items open the form and focus the field. `?seccion=<section>`
 * selects a form (and `&campo=<field>` focuses one), so other screens (product creation refused for an incomplete
 * profile) can link to the missing part.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  COMPANY_LIMITS,
  COMPANY_SECTIONS,
  type CompanyProfile,
  type CompanySection,
} from '../../../../shared/contracts/company';
import { companyProfileQuery } from './api/company-profile';
import { BasicForm, CertificatesForm, ContactsForm, DetailsForm, ExportForm, ProductsForm } from './company-forms';
import { isForbidden, NoPermission } from '../../shared/no-permission';

const FORMS: Record<CompanySection, (p: { profile: CompanyProfile }) => React.JSX.Element> = {
  basic: BasicForm,
  products: ProductsForm,
  details: DetailsForm,
  contacts: ContactsForm,
  export: ExportForm,
  certificates: CertificatesForm,
};

const isSection = (v: string | null): v is CompanySection => COMPANY_SECTIONS.includes(v as CompanySection);

export function CompanyPage() {
  const { t } = useTranslation('company');
  const profile = useQuery(companyProfileQuery);
  const [params, setParams] = useSearchParams();
  const current: CompanySection = isSection(params.get('seccion'))
    ? (params.get('seccion') as CompanySection)
    : 'basic';
  // `&campo=<field>` with `?seccion=` (a link from the refused product) focuses that field once the form shows.
  const [focusTarget, setFocusTarget] = useState<{ section: CompanySection; field: string } | null>(() =>
    params.get('campo') ? { section: current, field: params.get('campo')! } : null,
  );
  const tabs = useRef<Partial<Record<CompanySection, HTMLButtonElement | null>>>({});

  const select = (section: CompanySection, focusTab = false) => {
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
    if (!loaded || !focusTarget || focusTarget.section !== current) return;
    const el = document.getElementById(`co-${focusTarget.field}`);
    if (el) {
      el.focus();
      el.scrollIntoView({ block: 'center' });
    }
    setFocusTarget(null);
  }, [focusTarget, current, loaded]);

  const onKey = (e: KeyboardEvent) => {
    const i = COMPANY_SECTIONS.indexOf(current);
    const last = COMPANY_SECTIONS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % COMPANY_SECTIONS.length
        : e.key === 'ArrowLeft'
          ? (i + last) % COMPANY_SECTIONS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    select(COMPANY_SECTIONS[next], true);
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
  const gapLabel = (field: string) =>
    t(`gaps.${field}`, {
      min: field === 'advantages' ? COMPANY_LIMITS.advantagesMin : COMPANY_LIMITS.introductionMin,
    });
  const sectionsWithGaps = new Set(status.gaps.map((g) => g.section));

  return (
    <div className="stack company-page">
      <div>
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
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
                      select(g.section);
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
          {COMPANY_SECTIONS.map((s) => (
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
        {COMPANY_SECTIONS.map((s) => {
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
    </div>
  );
}
