/** The company profile's products form: what the store sells (/admin/mis-datos). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useTranslation } from 'react-i18next';
import { LimitedField } from '../../../components/ui/character-counter';
import {
  COMPANY_LIMITS,
  PAYMENT_TYPES,
  companyProductsBody,
  isRequiredCompanyField,
  type CompanyProfile,
} from '../../../../shared/contracts/company';
import { SectionForm } from './section-form';
import { Checkboxes, useBind, useSectionForm } from './company-form-kit';

/** Form 2: what the store sells (main industry), other products, payment types. */
export function ProductsForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const p = profile.products;
  const { form, save, submit, error } = useSectionForm('products', companyProductsBody, {
    mainIndustry: p.mainIndustry ?? '',
    otherProducts: p.otherProducts ?? '',
    paymentTypes: p.paymentTypes,
  });
  const bind = useBind(form);
  return (
    <SectionForm
      id="company-products"
      title={t('sections.products')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <LimitedField
        label={t('fields.mainIndustry')}
        markRequired={isRequiredCompanyField('products', 'mainIndustry')}
        hint={t('hints.mainIndustry')}
        maxChars={COMPANY_LIMITS.mainIndustry}
        {...bind('mainIndustry')}
      />
      <LimitedField
        multiline
        label={`${t('fields.otherProducts')} (${t('optional')})`}
        maxChars={COMPANY_LIMITS.otherProducts}
        {...bind('otherProducts')}
      />
      <Checkboxes
        form={form}
        name="paymentTypes"
        legend={`${t('fields.paymentTypes')} (${t('optional')})`}
        options={PAYMENT_TYPES}
        label={(o) => t(`paymentTypes.${o}`)}
      />
    </SectionForm>
  );
}
