/**
 * The rows of an `UPDATE … RETURNING` run through `EntityManager.query`: TypeORM answers it as `[rows, count]` (by
 * the command tag), a SELECT or INSERT as the rows themselves; this reads either.
 */
export function returnedRows<T>(result: unknown): T[] {
  const r = result as unknown[];
  return (Array.isArray(r[0]) ? r[0] : r) as T[];
}
