import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A button with variants and a busy state (keeps its label for screen readers, shows a spinner). */
export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  children,
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  busy?: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      {...rest}
      className={`btn btn-${variant}${block ? ' btn-block' : ''} ${className}`}
      disabled={rest.disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
