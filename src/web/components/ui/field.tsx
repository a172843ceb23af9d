import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** A field the form cannot be saved without: marked with an asterisk and `required` for screen readers. */
  markRequired?: boolean;
}

/** The visible mark of a required field; screen readers hear "required" from the control's own attribute. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** A labelled text input with hint and error wired through aria-describedby / aria-invalid. */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, hint, error, className = '', id, markRequired, ...rest }, ref) {
    const auto = useId();
    const inputId = id ?? auto;
    const described =
      [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field ${className}`}>
        <label htmlFor={inputId}>
          {label}
          {markRequired && <RequiredMark />}
        </label>
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          required={markRequired || undefined}
          {...rest}
        />
        {hint && (
          <span id={`${inputId}-hint`} className="field-hint">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${inputId}-error`} className="field-error">
            {error}
          </span>
        )}
      </div>
    );
  },
);

/** A labelled select. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }
>(function SelectField({ label, hint, error, className = '', id, children, markRequired, ...rest }, ref) {
  const auto = useId();
  const selectId = id ?? auto;
  const described =
    [hint ? `${selectId}-hint` : '', error ? `${selectId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={selectId}>
        {label}
        {markRequired && <RequiredMark />}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required={markRequired || undefined}
        {...rest}
      >
        {children}
      </select>
      {hint && (
        <span id={`${selectId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${selectId}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
});
