import { ACCOUNT_CLOSURE_COMMENT_MAX, type AccountClosureBody, type AccountClosureReason } from '@croupier/contract';

/** The closure dialog as pure functions: the component renders what these return, unit tests check them. */

export interface ClosureValues {
  reason: AccountClosureReason | '';
  comment: string;
  password: string;
  confirmed: boolean;
}

export const EMPTY_CLOSURE: ClosureValues = { reason: '', comment: '', password: '', confirmed: false };

export type ClosureProblem = 'reason' | 'password' | 'confirmed';

/** What is missing before the request may be sent: a reason, the password and the positive confirmation. */
export function closureProblems(values: ClosureValues): ClosureProblem[] {
  const problems: ClosureProblem[] = [];
  if (!values.reason) problems.push('reason');
  if (!values.password) problems.push('password');
  if (!values.confirmed) problems.push('confirmed');
  return problems;
}

/** The request body, or null while something is missing; an empty comment is left out. */
export function closureBody(values: ClosureValues): AccountClosureBody | null {
  if (closureProblems(values).length > 0 || !values.reason) return null;
  const comment = values.comment.trim().slice(0, ACCOUNT_CLOSURE_COMMENT_MAX);
  return { password: values.password, reason: values.reason, ...(comment ? { comment } : {}) };
}

/** The downloaded file's name, by the day of the export: `croupier-data-2026-11-26.json`. */
export function exportFileName(exportedAt: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(exportedAt)?.[0] ?? 'export';
  return `croupier-data-${day}.json`;
}
