/** The company profile's contacts form: the people a buyer reaches (/admin/mis-datos). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/forms';
import { LimitedField } from '../../../components/ui/character-counter';
import { TextField } from '../../../components/ui/field';
import { COMPANY_LIMITS, companyContactsBody, type CompanyProfile } from '../../../../shared/contracts/company';
import { SectionForm } from './section-form';
import { RepeatedFieldset, fid, useBind, useSectionForm } from './company-form-kit';

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
      <RepeatedFieldset
        fields={list.fields}
        empty={t('contacts.empty')}
        legend={(i) => t('contacts.item', { n: i + 1 })}
        removeLabel={(i) => t('contacts.remove', { n: i + 1 })}
        addId={fid('contacts')}
        addLabel={t('contacts.add')}
        max={COMPANY_LIMITS.contacts}
        onAdd={() => list.append({ name: '', phone: '', position: '' } as never)}
        onRemove={(i) => list.remove(i)}
      >
        {(i) => (
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
        )}
      </RepeatedFieldset>
    </SectionForm>
  );
}
