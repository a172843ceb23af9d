/**
 * "initial store setup wizard" at /admin/wizard: language, logo, banner, colours, social networks with
 * Previous, Next and Finish. Each step is saved to the server (`wizard_config`) as it is left, so a reload or another
 * device resumes at the same step with the same values; nothing reaches the storefront until Finish (decision 050).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import {
  DEFAULT_COLORS,
  WIZARD_STEPS,
  type Colors,
  type ImageRef,
  type Social,
  type WizardDraft,
  type WizardState,
} from '../../../../shared/contracts/website';
import { useFinishWizard, useSaveWizardDraft, wizardQuery } from './api/wizard';
import { webConfigsQuery } from './api/webconfigs';
import { ColorFields, ImageField, ImageListField, SocialFields, StorePreview } from './look-fields';
import { LoadError } from './load-error';

export function WizardPage() {
  const q = useQuery(wizardQuery);
  if (q.isPending) return <Loading />;
  if (!q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <Wizard initial={q.data} />;
}

interface Values {
  lang: 'es' | 'en';
  logo: ImageRef | null;
  banners: ImageRef[];
  colors: Colors;
  social: Social;
}

function Wizard({ initial }: { initial: WizardState }) {
  const { t, i18n } = useTranslation('website');
  const d = initial.draft;
  const [step, setStep] = useState(initial.finishedAt ? 0 : d.step);
  const [done, setDone] = useState(false);
  const [values, setValues] = useState<Values>({
    lang: d.lang ?? (i18n.language === 'en' ? 'en' : 'es'),
    logo: d.logo ?? null,
    banners: d.banners ?? [],
    colors: d.colors ?? DEFAULT_COLORS,
    social: d.social ?? { facebook: '', instagram: '', youtube: '' },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveWizardDraft();
  const finish = useFinishWizard();
  const storeName = useQuery(webConfigsQuery).data?.info.name ?? '';
  const count = WIZARD_STEPS.length;
  const current = WIZARD_STEPS[step];
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((old) => ({ ...old, [k]: v }));

  /** The draft with the values of every step up to `upTo` (a banner list only once it has an image). */
  function draftUpTo(upTo: number, nextStep: number): WizardDraft {
    const draft: WizardDraft = { step: nextStep, lang: values.lang };
    if (upTo >= 1) draft.logo = values.logo;
    if (upTo >= 2 && values.banners.length) draft.banners = values.banners;
    if (upTo >= 3) draft.colors = values.colors;
    if (upTo >= 4) draft.social = values.social;
    return draft;
  }

  function showErrors(err: unknown) {
    if (err instanceof ApiError && err.fields.length) {
      setErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
      setFailure(null);
    } else setFailure(err instanceof Error ? err.message : String(err));
  }

  async function go(to: number) {
    setErrors({});
    setFailure(null);
    if (to > step && current === 'banner' && values.banners.length === 0) {
      setErrors({ banners: t('errors:fields.banner_required') });
      return;
    }
    try {
      await save.mutateAsync(draftUpTo(step, to));
      setStep(to);
      document.getElementById('wizard-step')?.focus();
    } catch (err) {
      showErrors(err);
    }
  }

  async function onFinish() {
    setErrors({});
    setFailure(null);
    try {
      await finish.mutateAsync(values);
      setDone(true);
    } catch (err) {
      showErrors(err);
    }
  }

  if (done)
    return (
      <div className="card stack wizard">
        <h1>{t('wizard.title')}</h1>
        <Alert kind="success">{t('wizard.finished')}</Alert>
        <Link className="btn btn-primary" to={adminPaths.home()}>
          {t('wizard.goDashboard')}
        </Link>
      </div>
    );

  const busy = save.isPending || finish.isPending;
  return (
    <div className="stack wizard">
      <h1>{t('wizard.title')}</h1>
      <p className="muted">{t('wizard.intro')}</p>
      <ol className="stepper" aria-label={t('wizard.title')}>
        {WIZARD_STEPS.map((s, i) => (
          <li key={s} className={i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
            {t(`wizard.steps.${s}`)}
          </li>
        ))}
      </ol>
      <div className="look-layout">
        <section className="card stack" aria-labelledby="wizard-step">
          <p className="small muted">{t('wizard.stepOf', { n: step + 1, count })}</p>
          <h2 id="wizard-step" tabIndex={-1}>
            {t(`wizard.steps.${current}`)}
          </h2>
          {failure && <Alert kind="error">{failure}</Alert>}
          {current === 'language' && (
            <fieldset className="stack">
              <legend>{t('wizard.languageText')}</legend>
              {(['es', 'en'] as const).map((l) => (
                <label key={l} className="radio-card">
                  <input
                    type="radio"
                    name="wizard-lang"
                    value={l}
                    checked={values.lang === l}
                    onChange={() => set('lang', l)}
                  />
                  <span>{t(l === 'es' ? 'myStore.langEs' : 'myStore.langEn')}</span>
                </label>
              ))}
            </fieldset>
          )}
          {current === 'logo' && (
            <>
              <p>{t('wizard.logoText')}</p>
              <ImageField
                label={t('look.logo')}
                purpose="logo"
                value={values.logo}
                onChange={(v) => set('logo', v)}
                error={errors['logo.url']}
              />
            </>
          )}
          {current === 'banner' && (
            <>
              <p>{t('wizard.bannerText')}</p>
              <ImageListField
                label={t('look.banners')}
                addLabel={t('look.addBanner')}
                purpose="banner"
                value={values.banners}
                onChange={(v) => set('banners', v)}
                max={5}
                error={errors.banners}
              />
            </>
          )}
          {current === 'colors' && (
            <>
              <p>{t('wizard.colorsText')}</p>
              <ColorFields
                value={values.colors}
                onChange={(k, v) => set('colors', { ...values.colors, [k]: v })}
                error={(k) => errors[`colors.${k}`]}
              />
            </>
          )}
          {current === 'social' && (
            <>
              <p>{t('wizard.socialText')}</p>
              <SocialFields
                value={values.social}
                onChange={(k, v) => set('social', { ...values.social, [k]: v })}
                error={(k) => errors[`social.${k}`]}
              />
            </>
          )}
          <div className="row wizard-actions">
            {step > 0 && (
              <Button variant="secondary" onClick={() => void go(step - 1)} disabled={busy}>
                {t('wizard.previous')}
              </Button>
            )}
            <span className="spacer" />
            {step < count - 1 ? (
              <Button onClick={() => void go(step + 1)} busy={save.isPending}>
                {t('wizard.next')}
              </Button>
            ) : (
              <Button onClick={() => void onFinish()} busy={finish.isPending}>
                {t('wizard.finish')}
              </Button>
            )}
          </div>
        </section>
        <aside className="look-preview-col">
          <StorePreview name={storeName} colors={values.colors} logo={values.logo} banner={values.banners[0] ?? null} />
        </aside>
      </div>
    </div>
  );
}
