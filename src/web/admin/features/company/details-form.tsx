/** The company profile's about-us form: texts and photos (/admin/mis-datos). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useTranslation } from 'react-i18next';
import { LimitedField } from '../../../components/ui/character-counter';
import { COMPANY_LIMITS, companyDetailsBody, type CompanyProfile } from '../../../../shared/contracts/company';
import { SectionForm } from './section-form';
import { PhotosControl, useBind, useSectionForm } from './company-form-kit';

/** Form 3: the about-us texts and photos (all optional; a minimum length once written). */
export function DetailsForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const d = profile.details;
  const { form, save, submit, error } = useSectionForm('details', companyDetailsBody, {
    introduction: d.introduction ?? '',
    advantages: d.advantages ?? '',
    photos: d.photos,
  });
  const bind = useBind(form);
  return (
    <SectionForm
      id="company-details"
      title={t('sections.details')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <p className="small muted">{t('hints.details')}</p>
      <LimitedField
        multiline
        label={`${t('fields.introduction')} (${t('optional')})`}
        minChars={COMPANY_LIMITS.introductionMin}
        maxChars={COMPANY_LIMITS.introduction}
        {...bind('introduction')}
      />
      <LimitedField
        multiline
        label={`${t('fields.advantages')} (${t('optional')})`}
        minChars={COMPANY_LIMITS.advantagesMin}
        maxChars={COMPANY_LIMITS.advantages}
        {...bind('advantages')}
      />
      <PhotosControl form={form} label={`${t('fields.photos')} (${t('optional')})`} />
    </SectionForm>
  );
}
