/**
 * The product editor's own inputs: a section, a comma-separated list kept as an array, a price in pesos kept as
 * centavos, and a textarea with a live character counter.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { TextField } from '../../../../components/ui/field';
import type { Form } from './form';

/** A titled section of the editor (a fieldset in the two-column grid). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset className="card editor-section" id={id}>
      <legend>{title}</legend>
      <div className="editor-grid">{children}</div>
    </fieldset>
  );
}

/** Comma-separated list input kept as an array in the form. */
export function ListInput({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  hint?: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  testId?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    const parsed = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parsed.join('\u0000') !== value.join('\u0000')) setText(value.join(', '));
    // Only when the form value changes from outside (reset), not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.join('\u0000')]);
  return (
    <TextField
      label={label}
      hint={hint}
      value={text}
      error={error}
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** Price in pesos with centavos, kept as integer centavos in the form. */
export function PesosInput({
  label,
  cents,
  onChange,
  error,
  hideLabel,
}: {
  label: string;
  cents: number | null | undefined;
  onChange: (c: number | null) => void;
  error?: string;
  hideLabel?: boolean;
}) {
  const [text, setText] = useState(cents ? (cents / 100).toFixed(2) : '');
  return (
    <TextField
      label={label}
      className={hideLabel ? 'label-hidden' : ''}
      inputMode="decimal"
      value={text}
      error={error}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value.replace(',', '.'));
        onChange(e.target.value.trim() === '' ? null : Number.isFinite(n) ? Math.round(n * 100) : NaN);
      }}
    />
  );
}

/** A labelled textarea with a live character counter. */
export function TextArea({
  label,
  error,
  max,
  control,
  name,
  ...rest
}: {
  label: string;
  error?: string;
  max: number;
  control: Control<Form>;
  name: 'shortDescription' | 'description' | 'usage';
} & React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  const id = useId();
  const value = useWatch({ control, name }) ?? '';
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        {...rest}
      />
      <span id={`${id}-count`} className="field-hint">
        {value.length}/{max}
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
