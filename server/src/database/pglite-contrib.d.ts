// PGlite's contrib extensions are published under package "exports" subpaths, which the server's `node` module
// resolution does not read; Node itself resolves them at run time. This names the one we load (pglite-pool.ts).
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export const pg_trgm: import('@electric-sql/pglite').Extension;
}
