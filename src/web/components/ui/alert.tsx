import type { ReactNode } from 'react';

/** A message box; errors are announced at once (role=alert), the rest politely (role=status). */
export function Alert({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'success' | 'error' | 'warning';
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
