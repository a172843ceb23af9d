/**
 * Allowed state transitions as a plain `from -> [to...]` table.
 */
import { AppError } from './app-error.js';

export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/** True when `to` is allowed from `from`. */
export function canTransition<S extends string>(table: TransitionTable<S>, from: S, to: S): boolean {
  return (table[from] ?? []).includes(to);
}

/** Throws AppError INVALID_TRANSITION ({ from, to }) when the table does not allow `from -> to`. */
export function assertTransition<S extends string>(table: TransitionTable<S>, from: S, to: S): void {
  if (!canTransition(table, from, to)) throw new AppError('INVALID_TRANSITION', { from, to });
}
