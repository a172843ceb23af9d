/** The company profile's basic data form (/admin/mis-datos, first tab). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/forms';
import { LimitedField } from '../../../components/ui/character-counter';
import { SelectField, TextField } from '../../../components/ui/field';
import {
  BUSINESS_TYPES,
  COMPANY_LIMITS,
  EMPLOYEE_RANGES,
  companyBasicBody,
  isRequiredCompanyField,
  type CompanyProfile,
} from '../../../../shared/contracts/company';
import { SectionForm, emptyToNull, toNumberOrNull } from './section-form';
import { FileControl, fid, useBind, useSectionForm } from './company-form-kit';

/** Form 1: name, business type, registration year, employees, website, legal owner, opening hours. */
export function BasicForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const b = profile.basic;
  const { form, save, submit, error } = useSectionForm('basic', companyBasicBody, {
    name: b.name ?? '',
    businessType: b.businessType ?? ('' as never),
    registrationYear: b.registrationYear,
    employeeRange: b.employeeRange,
    websiteUrl: b.websiteUrl ?? '',
    legalOwner: b.legalOwner ?? '',
    logo: b.logo,
    openingHours: b.openingHours,
  });
  const fe = useFieldErrors(form.formState.errors);
  const bind = useBind(form);
  const days = ['1', '2', '3', '4', '5', '6', '7'];
  return (
    <SectionForm
      id="company-basic"
      title={t('sections.basic')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <div className="form-grid company-grid">
        <LimitedField
          label={t('fields.name')}
          markRequired={isRequiredCompanyField('basic', 'name')}
          maxChars={COMPANY_LIMITS.name}
          autoComplete="organization"
          {...bind('name')}
        />
        <SelectField
          id={fid('businessType')}
          label={t('fields.businessType')}
          markRequired={isRequiredCompanyField('basic', 'businessType')}
          {...form.register('businessType')}
          error={fe('businessType')}
        >
          <option value="">{t('choose')}</option>
          {BUSINESS_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`businessTypes.${v}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={fid('registrationYear')}
          label={`${t('fields.registrationYear')} (${t('optional')})`}
          type="number"
          inputMode="numeric"
          min={1800}
          max={2100}
          {...form.register('registrationYear', { setValueAs: toNumberOrNull })}
          error={fe('registrationYear')}
        />
        <SelectField
          id={fid('employeeRange')}
          label={`${t('fields.employeeRange')} (${t('optional')})`}
          {...form.register('employeeRange', { setValueAs: emptyToNull })}
          error={fe('employeeRange')}
        >
          <option value="">{t('choose')}</option>
          {EMPLOYEE_RANGES.map((v) => (
            <option key={v} value={v}>
              {t(`employeeRanges.${v}`)}
            </option>
          ))}
        </SelectField>
        <LimitedField
          label={`${t('fields.websiteUrl')} (${t('optional')})`}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxChars={COMPANY_LIMITS.websiteUrl}
          {...bind('websiteUrl')}
        />
        <LimitedField
          label={`${t('fields.legalOwner')} (${t('optional')})`}
          maxChars={COMPANY_LIMITS.legalOwner}
          {...bind('legalOwner')}
        />
      </div>
      <FileControl
        form={form}
        name="logo"
        label={`${t('fields.logo')} (${t('optional')})`}
        purpose="logo"
        error={fe('logo')}
      />
      <fieldset className="field" id={fid('openingHours')}>
        <legend>
          {t('fields.openingHours')} ({t('optional')})
        </legend>
        <div className="form-grid company-hours">
          {(['startDay', 'endDay'] as const).map((k) => (
            <SelectField
              key={k}
              id={fid(`openingHours.${k}`)}
              label={t(`fields.${k}`)}
              {...form.register(`openingHours.${k}`, { setValueAs: toNumberOrNull })}
              error={fe(`openingHours.${k}`)}
            >
              <option value="">{t('choose')}</option>
              {days.map((d) => (
                <option key={d} value={d}>
                  {t(`days.${d}`)}
                </option>
              ))}
            </SelectField>
          ))}
          {(['startTime', 'endTime'] as const).map((k) => (
            <TextField
              key={k}
              id={fid(`openingHours.${k}`)}
              label={t(`fields.${k}`)}
              type="time"
              {...form.register(`openingHours.${k}`, { setValueAs: emptyToNull })}
              error={fe(`openingHours.${k}`)}
            />
          ))}
        </div>
        {fe('openingHours') && <span className="field-error">{fe('openingHours')}</span>}
      </fieldset>
    </SectionForm>
  );
}
