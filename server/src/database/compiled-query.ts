import type { EntityManager, SelectQueryBuilder } from 'typeorm';

/** Where a value of the compiled statement comes from: a named parameter (an element of it for a list), or a constant. */
type Slot = { name: string; index?: number } | { value: unknown };

/** A query builder's statement, turned into SQL once: its text, and where each of its values comes from. */
export interface CompiledQuery {
  sql: string;
  slots: Slot[];
  /** The names of the builder's parameters, and the length of each list among them (null for a single value). */
  shape: Map<string, number | null>;
}

const MARK = Symbol('compiled-query parameter');
type Marker = { [MARK]: { name: string; index?: number } };
const isMarker = (v: unknown): v is Marker => typeof v === 'object' && v !== null && MARK in v;

/**
 * Turns a builder into SQL once, for statements on a hot path whose text depends only on a few facts (the `key` of
 * `runCompiled`): building the ORM's SQL (aliases, property names, escaping) costs more CPU than PostgreSQL spends
 * running a statement by primary key. Each parameter is swapped for a marker while the SQL is built, so the markers
 * show which placeholder takes which parameter.
 */
function compileQuery(qb: SelectQueryBuilder<object>): CompiledQuery {
  const params = qb.getParameters();
  const shape = new Map<string, number | null>();
  const marked = qb.clone();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      shape.set(name, value.length);
      marked.setParameter(
        name,
        value.map((_, index) => ({ [MARK]: { name, index } })),
      );
    } else {
      shape.set(name, null);
      marked.setParameter(name, { [MARK]: { name } });
    }
  }
  const [sql, values] = marked.getQueryAndParameters();
  return { sql, shape, slots: values.map((v: unknown) => (isMarker(v) ? v[MARK] : { value: v })) };
}

/** Whether a builder's parameters fit a compiled statement: the same names, lists of the same lengths. */
function fits(compiled: CompiledQuery, params: Record<string, unknown>): boolean {
  const names = Object.keys(params);
  return (
    names.length === compiled.shape.size &&
    names.every((name) => {
      const value = params[name];
      const length = Array.isArray(value) ? value.length : null;
      return compiled.shape.has(name) && compiled.shape.get(name) === length;
    })
  );
}

/**
 * Runs a builder's statement through a cache of compiled ones, and answers the raw rows. `key` must name every fact
 * the SQL text depends on besides the parameters' values (the caller's role, say). As a guard, a builder whose
 * parameters do not fit the statement cached under its key (other names, a list of another length) is compiled afresh
 * and replaces it.
 */
export async function runCompiled<T>(
  em: EntityManager,
  cache: Map<string, CompiledQuery>,
  key: string,
  qb: SelectQueryBuilder<object>,
): Promise<T[]> {
  const params = qb.getParameters();
  let compiled = cache.get(key);
  if (!compiled || !fits(compiled, params)) {
    compiled = compileQuery(qb);
    cache.set(key, compiled);
  }
  const values = compiled.slots.map((s) =>
    'value' in s ? s.value : s.index === undefined ? params[s.name] : (params[s.name] as unknown[])[s.index],
  );
  return em.query<T[]>(compiled.sql, values);
}
