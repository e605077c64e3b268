/**
 * Parameter problems are values, not exceptions: the server turns them into a
 * VALIDATION_FAILED answer with field errors and the web UI shows them beside the control.
 */
export type GameParamRule = 'required' | 'integer' | 'range' | 'choice' | 'distinct' | 'layout' | 'state';

export interface GameParamError {
  /** The parameter at fault, as named in the game's params type (e.g. `targetHundredths`, `bets[2]`). */
  field: string;
  rule: GameParamRule;
  /** English text for logs and developers; UIs show their own translated text keyed on `rule`. */
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: GameParamError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(field: string, rule: GameParamRule, message: string): Result<T> {
  return { ok: false, error: { field, rule, message } };
}

/**
 * Thrown only when a caller skips validation and hands a play function parameters the
 * matching `validate…` would have refused: a programming error, never a player's.
 */
export class GameParamsViolation extends Error {
  constructor(readonly error: GameParamError) {
    super(`${error.field}: ${error.message}`);
    this.name = 'GameParamsViolation';
  }
}

/** Unwraps a validation result inside play functions (see GameParamsViolation). */
export function mustBeValid<T>(result: Result<T>): T {
  if (!result.ok) throw new GameParamsViolation(result.error);
  return result.value;
}

export function isSafeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Validates an integer parameter within [min, max]. */
export function intInRange(field: string, value: unknown, min: number, max: number): Result<number> {
  if (value === undefined || value === null) return fail(field, 'required', `${field} is required`);
  if (!isSafeInt(value)) return fail(field, 'integer', `${field} must be an integer`);
  if (value < min || value > max) return fail(field, 'range', `${field} must be between ${min} and ${max}`);
  return ok(value);
}

/** Validates a value against a closed list of choices. */
export function oneOf<T extends string>(field: string, value: unknown, choices: readonly T[]): Result<T> {
  if (value === undefined || value === null) return fail(field, 'required', `${field} is required`);
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    return fail(field, 'choice', `${field} must be one of ${choices.join(', ')}`);
  }
  return ok(value as T);
}
