/** The company profile's form for suppliers and exporters (/admin/mis-datos, optional section). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/forms';
import { LimitedField } from '../../../components/ui/character-counter';
import { TextField } from '../../../components/ui/field';
import {
  COMPANY_LIMITS,
  DELIVERY_TERMS,
  MARKET_REGIONS,
  companyExportBody,
  type CompanyProfile,
} from '../../../../shared/contracts/company';
import { SectionForm, toNumberOrNull } from './section-form';
import { Checkboxes, FileControl, fid, useBind, useSectionForm } from './company-form-kit';

/**
 * Form 5, for suppliers and exporters (all optional, decision 115): trade terms, documents, plant, and export
 * information.
 */
export function ExportForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const e = profile.export;
  const { form, save, submit, error } = useSectionForm('export', companyExportBody, {
    deliveryTerms: e.deliveryTerms,
    businessLicenceNumber: e.businessLicenceNumber ?? '',
    businessLicenceFile: e.businessLicenceFile,
    taxRegistrationNumber: e.taxRegistrationNumber ?? '',
    taxRegistrationFile: e.taxRegistrationFile,
    proofOfAddressFile: e.proofOfAddressFile,
    factoryAddress: e.factoryAddress ?? '',
    plantAreaM2: e.plantAreaM2,
    exporterName: e.exporterName ?? '',
    exportPercentage: e.exportPercentage,
    mainMarkets: e.mainMarkets,
    nearestPort: e.nearestPort ?? '',
    licenceNumber: e.licenceNumber ?? '',
    licenceFile: e.licenceFile,
  });
  const fe = useFieldErrors(form.formState.errors);
  const bind = useBind(form);
  return (
    <SectionForm
      id="company-export"
      title={t('sections.export')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <Checkboxes
        form={form}
        name="deliveryTerms"
        legend={t('fields.deliveryTerms')}
        options={DELIVERY_TERMS}
        label={(o) => o}
      />
      <h3 className="company-subtitle">{t('subsections.documents')}</h3>
      <div className="form-grid company-grid">
        <LimitedField
          label={t('fields.taxRegistrationNumber')}
          maxChars={COMPANY_LIMITS.licenceNumber}
          {...bind('taxRegistrationNumber')}
        />
        <LimitedField
          label={t('fields.businessLicenceNumber')}
          maxChars={COMPANY_LIMITS.licenceNumber}
          {...bind('businessLicenceNumber')}
        />
        {(['taxRegistrationFile', 'businessLicenceFile', 'proofOfAddressFile'] as const).map((k) => (
          <FileControl
            key={k}
            form={form}
            name={k}
            label={t(`fields.${k}`)}
            purpose="document"
            document
            error={fe(k)}
          />
        ))}
      </div>
      <h3 className="company-subtitle">{t('subsections.plant')}</h3>
      <div className="form-grid company-grid">
        <LimitedField
          label={t('fields.factoryAddress')}
          maxChars={COMPANY_LIMITS.factoryAddress}
          {...bind('factoryAddress')}
        />
        <TextField
          id={fid('plantAreaM2')}
          label={t('fields.plantAreaM2')}
          type="number"
          inputMode="numeric"
          min={0}
          {...form.register('plantAreaM2', { setValueAs: toNumberOrNull })}
          error={fe('plantAreaM2')}
        />
      </div>
      <h3 className="company-subtitle">{t('subsections.export')}</h3>
      <div className="form-grid company-grid">
        <LimitedField
          label={t('fields.exporterName')}
          maxChars={COMPANY_LIMITS.exporterName}
          {...bind('exporterName')}
        />
        <TextField
          id={fid('exportPercentage')}
          label={t('fields.exportPercentage')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          {...form.register('exportPercentage', { setValueAs: toNumberOrNull })}
          error={fe('exportPercentage')}
        />
        <LimitedField label={t('fields.nearestPort')} maxChars={COMPANY_LIMITS.nearestPort} {...bind('nearestPort')} />
        <LimitedField
          label={t('fields.licenceNumber')}
          maxChars={COMPANY_LIMITS.licenceNumber}
          {...bind('licenceNumber')}
        />
        <FileControl
          form={form}
          name="licenceFile"
          label={t('fields.licenceFile')}
          purpose="document"
          document
          error={fe('licenceFile')}
        />
      </div>
      <Checkboxes
        form={form}
        name="mainMarkets"
        legend={t('fields.mainMarkets')}
        options={MARKET_REGIONS}
        label={(o) => t(`markets.${o}`)}
      />
    </SectionForm>
  );
}
