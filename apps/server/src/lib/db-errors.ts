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
