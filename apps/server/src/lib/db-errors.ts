/**
 * PostgreSQL errors the services turn into answers. Both drivers (node-postgres and
 * PGlite) expose the SQLSTATE as `code` and the violated constraint as `constraint`.
 */
interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
}

/** A unique constraint (or unique index) was violated; with a name, that one only. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as PgLikeError;
  if (code !== '23505') return false;
  return constraint === undefined || violated === constraint;
}

/**
 * PostgreSQL refused text it cannot store: a NUL in text (22021, "invalid byte sequence")
 * or in jsonb (22P05, "unsupported Unicode escape sequence"). Looks through `cause`s.
 */
export function isUnstorableText(error: unknown): boolean {
  let current = error;
  for (let hops = 0; hops < 5 && typeof current === 'object' && current !== null; hops += 1) {
    const { code } = current as PgLikeError;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
