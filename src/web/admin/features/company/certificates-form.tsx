/** The company profile's certificates form (/admin/mis-datos, optional section). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/forms';
import { LimitedField } from '../../../components/ui/character-counter';
import { COMPANY_LIMITS, companyCertificatesBody, type CompanyProfile } from '../../../../shared/contracts/company';
import { SectionForm } from './section-form';
import { RepeatedFieldset, FileControl, fid, useBind, useSectionForm } from './company-form-kit';

/** Form 6: certificates (name and photo or PDF). */
export function CertificatesForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const { form, save, submit, error } = useSectionForm('certificates', companyCertificatesBody, {
    certificates: profile.certificates.certificates,
  });
  const list = useFieldArray({ control: form.control, name: 'certificates' as never });
  const fe = useFieldErrors(form.formState.errors);
  const bind = useBind(form);
  return (
    <SectionForm
      id="company-certificates"
      title={t('sections.certificates')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <RepeatedFieldset
        fields={list.fields}
        empty={t('certificates.empty')}
        legend={(i) => t('certificates.item', { n: i + 1 })}
        removeLabel={(i) => t('certificates.remove', { n: i + 1 })}
        addId={fid('certificates')}
        addLabel={t('certificates.add')}
        max={COMPANY_LIMITS.certificates}
        onAdd={() => list.append({ name: '', photo: null } as never)}
        onRemove={(i) => list.remove(i)}
      >
        {(i) => (
          <>
            <LimitedField
              label={t('fields.certificateName')}
              maxChars={COMPANY_LIMITS.certificateName}
              {...bind(`certificates.${i}.name`)}
            />
            <FileControl
              form={form}
              name={`certificates.${i}.photo`}
              label={t('fields.certificatePhoto')}
              purpose="certificate"
              error={fe(`certificates.${i}.photo` as never)}
            />
          </>
        )}
      </RepeatedFieldset>
    </SectionForm>
  );
}
