/** PostgreSQL's unique_violation (23505), as TypeORM surfaces it from pg and from PGlite. */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; driverError?: { code?: unknown } };
  return err.code === '23505' || err.driverError?.code === '23505';
}
