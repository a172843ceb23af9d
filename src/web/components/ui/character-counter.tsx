/**
 * The character counter: shows how many characters a field holds out of its limit, and marks the field
 * invalid when its text is longer than the limit. Reusable on any limited input or textarea:
 * `<LimitedField label maxChars={120} value={watch('name')} {...register('name')} />`, or the bare
 * `<CharacterCounter id length max />` next to a field of your own (put its id in the field's aria-describedby).
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from './field';

/** True when `text` is longer than `max` characters (the field is invalid). Counts Unicode code points. */
export function isOverLimit(text: string | null | undefined, max: number): boolean {
  return [...(text ?? '')].length > max;
}

/** "12 / 120" with a screen-reader text; red, and announcing the limit, when over it; a hint when under `min`. */
export function CharacterCounter({ id, length, max, min }: { id: string; length: number; max: number; min?: number }) {
  const { t } = useTranslation();
  const over = length > max;
  const under = min !== undefined && length > 0 && length < min;
  return (
    <span
      id={id}
      className={`char-counter${over ? ' char-counter-over' : ''}`}
      data-over={over || undefined}
      aria-live={over ? 'polite' : 'off'}
    >
      <span aria-hidden="true">
        {length} / {max}
      </span>
      <span className="visually-hidden">{t('charCounter.count', { count: length, max })}</span>
      {over && <span> · {t('charCounter.over', { max })}</span>}
      {!over && under && <span> · {t('charCounter.under', { min })}</span>}
    </span>
  );
}

type Common = {
  label: string;
  /** The character limit; the counter turns red and the field invalid above it. */
  maxChars: number;
  /** Shown as a hint while the text is shorter (the contract refuses it). */
  minChars?: number;
  /** The current text (react-hook-form: `watch(name)`), to count. */
  value: string | null | undefined;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** A field the form cannot be saved without: marked with an asterisk and `required` for screen readers. */
  markRequired?: boolean;
};

/**
 * A labelled input (or textarea with `multiline`) with the character counter; error, hint and counter are
 * wired through aria-describedby, and aria-invalid is set on an error or when the text is over the limit.
 */
export const LimitedField = forwardRef<
  HTMLInputElement & HTMLTextAreaElement,
  Common &
    (
      | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>)
      | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'>)
    )
>(function LimitedField(
  { label, maxChars: max, minChars: min, value, hint, error, className = '', id, multiline, markRequired, ...rest },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  const length = [...(value ?? '')].length;
  const over = length > max;
  const described = [hint ? `${fieldId}-hint` : '', `${fieldId}-count`, error ? `${fieldId}-error` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id: fieldId,
    'aria-invalid': error || over ? true : undefined,
    'aria-describedby': described,
    required: markRequired || undefined,
  } as const;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId}>
        {label}
        {markRequired && <RequiredMark />}
      </label>
      {multiline ? (
        <textarea ref={ref} rows={5} {...common} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input ref={ref} {...common} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <span className="field-meta">
        {hint ? (
          <span id={`${fieldId}-hint`} className="field-hint">
            {hint}
          </span>
        ) : (
          <span />
        )}
        <CharacterCounter id={`${fieldId}-count`} length={length} max={max} min={min} />
      </span>
      {error && (
        <span id={`${fieldId}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
});
