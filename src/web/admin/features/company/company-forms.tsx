/**
 * The six forms of the company profile, each validated by its
 * shared zod contract (src/shared/contracts/company.ts) and saved on its own. The fields a store needs before its first
 * product carry a required mark, from the same rule the server applies (`isRequiredCompanyField`, decision 115); every
 * other field says "optional".
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { LimitedField } from '../../../components/ui/character-counter';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { FileField } from '../../shared/files';
import type { FilePurpose } from '../../../../shared/contracts/files';
import {
  BUSINESS_TYPES,
  COMPANY_LIMITS,
  DELIVERY_TERMS,
  EMPLOYEE_RANGES,
  MARKET_REGIONS,
  PAYMENT_TYPES,
  companyBasicBody,
  companyCertificatesBody,
  companyContactsBody,
  companyDetailsBody,
  companyExportBody,
  companyProductsBody,
  isRequiredCompanyField,
  type CompanyProfile,
  type CompanySection,
  type FileRef,
} from '../../../../shared/contracts/company';
import { useSaveCompanySection } from './api/company-profile';
import { SectionForm, emptyToNull, toNumberOrNull } from './section-form';

type Schema = z.ZodType<FieldValues, FieldValues>;

/** A react-hook-form form bound to a section's contract and its save mutation. */
function useSectionForm<S extends Schema>(section: CompanySection, schema: S, values: z.input<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never, formSchemaOptions) as never,
    defaultValues: values as DefaultValues<z.input<S>>,
  });
  const save = useSaveCompanySection<z.output<S>>(section);
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => form.reset(form.getValues()),
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  // Editing again hides the last "Saved." message.
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (dirty && save.isSuccess) save.reset();
  }, [dirty, save]);
  const error = save.error ? (save.error instanceof ApiError ? save.error.message : String(save.error)) : null;
  return { form, save, submit, error };
}

const fid = (name: string) => `co-${name.replace(/\./g, '-')}`;

/**
 * The props binding a text field of a section form to the form value `name` (dotted for lists, `contacts.0.name`):
 * its id, its current text (for the character counter), its registration and its translated error.
 */
function useBind<T extends FieldValues>(form: UseFormReturn<T>) {
  const fe = useFieldErrors(form.formState.errors);
  return (name: string) => ({
    id: fid(name),
    value: (form.watch(name as Path<T>) as string | null | undefined) ?? '',
    ...form.register(name as Path<T>),
    error: fe(name as Path<T>),
  });
}

/** A file field of a form (files module upload), bound to the form value `{ id, url } | null`. */
function FileControl<T extends FieldValues>({
  form,
  name,
  label,
  purpose,
  document,
  error,
}: {
  form: UseFormReturn<T>;
  name: string;
  label: string;
  purpose: FilePurpose;
  document?: boolean;
  error?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name as never}
      render={({ field }) => (
        <FileField
          label={label}
          purpose={purpose}
          document={document}
          value={(field.value as FileRef | null | undefined) ?? null}
          onChange={(v) => field.onChange(v)}
          error={error}
        />
      )}
    />
  );
}

function Checkboxes<T extends FieldValues>({
  form,
  name,
  legend,
  options,
  label,
}: {
  form: UseFormReturn<T>;
  name: string;
  legend: string;
  options: readonly string[];
  label: (o: string) => string;
}) {
  return (
    <fieldset className="field company-checks" id={fid(name)}>
      <legend>{legend}</legend>
      <div className="company-check-grid">
        {options.map((o) => (
          <label key={o} className="company-check">
            <input type="checkbox" value={o} {...form.register(name as never)} /> {label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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

/** Form 4: contact people (name, phone, position). */
export function ContactsForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('company');
  const { form, save, submit, error } = useSectionForm('contacts', companyContactsBody, {
    contacts: profile.contacts.contacts,
  });
  const list = useFieldArray({ control: form.control, name: 'contacts' as never });
  const fe = useFieldErrors(form.formState.errors);
  const bind = useBind(form);
  return (
    <SectionForm
      id="company-contacts"
      title={t('sections.contacts')}
      onSubmit={submit}
      busy={save.isPending}
      error={error}
      saved={save.isSuccess}
    >
      <p className="small muted">{t('hints.contacts')}</p>
      {list.fields.length === 0 && <p className="muted">{t('contacts.empty')}</p>}
      {list.fields.map((f, i) => (
        <fieldset key={f.id} className="company-item">
          <legend>{t('contacts.item', { n: i + 1 })}</legend>
          <div className="form-grid company-grid">
            <LimitedField
              label={t('fields.contactName')}
              markRequired
              maxChars={COMPANY_LIMITS.contactName}
              autoComplete="name"
              {...bind(`contacts.${i}.name`)}
            />
            <TextField
              id={fid(`contacts.${i}.phone`)}
              label={t('fields.contactPhone')}
              markRequired
              type="tel"
              autoComplete="tel"
              {...form.register(`contacts.${i}.phone` as never)}
              error={fe(`contacts.${i}.phone` as never)}
            />
            <LimitedField
              label={`${t('fields.contactPosition')} (${t('optional')})`}
              maxChars={COMPANY_LIMITS.contactPosition}
              {...bind(`contacts.${i}.position`)}
            />
          </div>
          <Button variant="ghost" onClick={() => list.remove(i)}>
            {t('contacts.remove', { n: i + 1 })}
          </Button>
        </fieldset>
      ))}
      {list.fields.length < COMPANY_LIMITS.contacts && (
        <div>
          <Button
            id={fid('contacts')}
            variant="secondary"
            onClick={() => list.append({ name: '', phone: '', position: '' } as never)}
          >
            {t('contacts.add')}
          </Button>
        </div>
      )}
    </SectionForm>
  );
}

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
      {list.fields.length === 0 && <p className="muted">{t('certificates.empty')}</p>}
      {list.fields.map((f, i) => (
        <fieldset key={f.id} className="company-item">
          <legend>{t('certificates.item', { n: i + 1 })}</legend>
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
          <Button variant="ghost" onClick={() => list.remove(i)}>
            {t('certificates.remove', { n: i + 1 })}
          </Button>
        </fieldset>
      ))}
      {list.fields.length < COMPANY_LIMITS.certificates && (
        <div>
          <Button
            id={fid('certificates')}
            variant="secondary"
            onClick={() => list.append({ name: '', photo: null } as never)}
          >
            {t('certificates.add')}
          </Button>
        </div>
      )}
    </SectionForm>
  );
}

/** The company photos: the uploaded ones with a Remove button each, and an upload field that adds one more. */
function PhotosControl<T extends FieldValues>({ form, label }: { form: UseFormReturn<T>; label: string }) {
  const { t } = useTranslation(['company', 'files']);
  return (
    <Controller
      control={form.control}
      name={'photos' as never}
      render={({ field }) => {
        const photos = (field.value as FileRef[] | undefined) ?? [];
        return (
          <fieldset className="field" id={fid('photos')}>
            <legend>{label}</legend>
            {photos.length > 0 && (
              <ul className="company-photos">
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <img src={`${p.url}-160.webp`} alt={`${label} ${i + 1}`} width={80} height={80} />
                    <Button variant="ghost" onClick={() => field.onChange(photos.filter((x) => x.id !== p.id))}>
                      {t('files:remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {photos.length < COMPANY_LIMITS.photos && (
              <FileField
                label={t('company:photosAdd')}
                purpose="company_photo"
                value={null}
                onChange={(v) => v && field.onChange([...photos, v])}
              />
            )}
          </fieldset>
        );
      }}
    />
  );
}
