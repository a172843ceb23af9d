/** A retail price typed in pesos, kept as integer centavos, with the listing's floor shown beside it. */
import { useState } from 'react';
import { TextField } from '../../../components/ui/field';

/** Pesos as typed ("150", "150.5"; comma or point, at most two decimals) to centavos; NaN when not a price. */
export function pesosToCents(typed: string): number {
  const s = typed.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return NaN;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const centsToPesos = (c: number) => (c / 100).toFixed(2);

/** A labelled price input; `hint` (the floor, the wholesale price) is read with it by screen readers. */
export function PriceInput({
  label,
  cents,
  onChange,
  hint,
  error,
}: {
  label: string;
  cents: number;
  onChange: (cents: number) => void;
  hint: string;
  error?: string;
}) {
  const [text, setText] = useState(Number.isFinite(cents) ? centsToPesos(cents) : '');
  return (
    <TextField
      label={label}
      inputMode="decimal"
      value={text}
      hint={hint}
      error={error}
      onChange={(e) => {
        setText(e.target.value);
        onChange(pesosToCents(e.target.value));
      }}
    />
  );
}
