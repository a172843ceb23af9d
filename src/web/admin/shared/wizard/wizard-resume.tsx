/**
 * The dashboard's offer to resume the set-up wizard while a draft was saved and not finished, or to start
 * it when it never ran on a store with no banner yet. Renders nothing otherwise or while loading.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../paths';
import { WIZARD_STEPS } from '../../../../shared/contracts/website';
import { wizardQuery } from './get-wizard';

export function WizardResume() {
  const { t } = useTranslation('website');
  const q = useQuery(wizardQuery);
  if (q.data?.suggested)
    return (
      <section className="card stack wizard-resume" aria-labelledby="wizard-resume-title">
        <h2 id="wizard-resume-title">{t('wizard.title')}</h2>
        <p>{t('wizard.intro')}</p>
        <div>
          <Link className="btn btn-primary" to={adminPaths.wizard()}>
            {t('wizard.start')}
          </Link>
        </div>
      </section>
    );
  if (!q.data || !q.data.inProgress) return null;
  const step = q.data.draft.step;
  return (
    <section className="card stack wizard-resume" aria-labelledby="wizard-resume-title">
      <h2 id="wizard-resume-title">{t('wizard.resumeTitle')}</h2>
      <p>
        {t('wizard.resumeText', {
          n: step + 1,
          count: WIZARD_STEPS.length,
          step: t(`wizard.steps.${WIZARD_STEPS[step]}`),
        })}
      </p>
      <div>
        <Link className="btn btn-primary" to={adminPaths.wizard()}>
          {t('wizard.resume')}
        </Link>
      </div>
    </section>
  );
}
