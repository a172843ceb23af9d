/**
 * The buyer's fiscal data fields for a factura (decision 154), on the order page and at checkout: RFC, razón social,
 * régimen (the list follows the RFC's length: 12 moral, 13 física) and uso (the uses the SAT allows for that régimen
 * and type of person), código postal. The server checks everything again and answers in the SAT's words.
 */
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/ui/field';
import { CFDI_USES, TAX_REGIMES, regimesFor, usesFor, type PersonType } from '../../../shared/sat-catalogs';
import type { FiscalData } from '../../../shared/contracts/invoices';

export const EMPTY_FISCAL_DATA: FiscalData = { rfc: '', legalName: '', taxRegime: '', cfdiUse: '', postalCode: '' };

const personOf = (rfc: string): PersonType | null => {
  const clean = rfc.toUpperCase().replace(/[\s-]/g, '');
  return clean.length === 12 ? 'moral' : clean.length === 13 ? 'fisica' : null;
};

/** The fields, controlled: `value` and `onChange` with the whole data. */
export function FiscalDataFields({ value, onChange }: { value: FiscalData; onChange: (v: FiscalData) => void }) {
  const { t } = useTranslation('invoices');
  const person = personOf(value.rfc);
  const regimes = person ? regimesFor(person) : Object.keys(TAX_REGIMES);
  const uses = person && value.taxRegime ? usesFor(value.taxRegime, person) : [];
  const set = (patch: Partial<FiscalData>) => onChange({ ...value, ...patch });
  return (
    <div className="stack">
      <TextField
        label={t('rfc')}
        hint={t('rfcHint')}
        value={value.rfc}
        onChange={(e) => set({ rfc: e.target.value.toUpperCase() })}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={15}
        markRequired
      />
      <TextField
        label={t('legalName')}
        hint={t('legalNameHint')}
        value={value.legalName}
        onChange={(e) => set({ legalName: e.target.value })}
        autoComplete="organization"
        maxLength={254}
        markRequired
      />
      <SelectField
        label={t('taxRegime')}
        value={value.taxRegime}
        onChange={(e) => set({ taxRegime: e.target.value, cfdiUse: '' })}
        markRequired
      >
        <option value="">{t('choose')}</option>
        {regimes.map((k) => (
          <option key={k} value={k}>
            {k} · {TAX_REGIMES[k].name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('cfdiUse')}
        hint={uses.length ? undefined : t('chooseRegimeFirst')}
        value={value.cfdiUse}
        onChange={(e) => set({ cfdiUse: e.target.value })}
        disabled={!uses.length}
        markRequired
      >
        <option value="">{t('choose')}</option>
        {uses.map((k) => (
          <option key={k} value={k}>
            {k} · {CFDI_USES[k].name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('postalCode')}
        value={value.postalCode}
        onChange={(e) => set({ postalCode: e.target.value.replace(/\D/g, '').slice(0, 5) })}
        inputMode="numeric"
        autoComplete="postal-code"
        pattern="\d{5}"
        markRequired
      />
    </div>
  );
}
