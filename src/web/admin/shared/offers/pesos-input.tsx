/** A price in pesos and centavos typed as text, handed on as integer centavos (null if empty, NaN if not a number). */
import { useState } from 'react';
import { TextField } from '../../../components/ui/field';

export function PesosInput({
  label,
  cents,
  onChange,
  hideLabel,
}: {
  label: string;
  cents: number | null | undefined;
  onChange: (c: number | null) => void;
  /** The label stays for screen readers only (a table cell whose column says what it is). */
  hideLabel?: boolean;
}) {
  const [text, setText] = useState(cents ? (cents / 100).toFixed(2) : '');
  return (
    <TextField
      label={label}
      className={hideLabel ? 'offer-label-hidden' : ''}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value.replace(',', '.'));
        onChange(e.target.value.trim() === '' ? null : Number.isFinite(n) ? Math.round(n * 100) : NaN);
      }}
    />
  );
}
