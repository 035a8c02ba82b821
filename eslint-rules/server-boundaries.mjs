/**
 * The server's import arrows, as lint blocks (eslint.config.mjs spreads them in). docs/architecture.md describes the
 * layers; these keep them: feature modules (auth, users, trips, fleet...) build on common, config, contracts,
 * database and infrastructure, never the other way round, and every change a service announces goes through the
 * unit of work, so no console hears of a change the database does not hold.
 *
 * The layering uses the core `no-restricted-imports` and the event rule the typescript-eslint one: two rule names,
 * so a file under both (a database file, say) gets both checks, where one rule name would keep only the later block.
 */

/** The server's feature modules: what the lower layers must not import. */
const FEATURES = [
  'auth',
  'users',
  'trips',
  'fleet',
  'bookings',
  'tenancy',
  'permissions',
  'realtime',
  'health',
  'client-errors',
  'docs',
  'progress',
  'rates',
  'notices',
  'approvals',
  'invoices',
];

const featureImport = {
  regex: `^(\\.\\./)+(${FEATURES.join('|')})(/|$)`,
  message: 'A lower layer (common, database, infrastructure) must not import a feature module: move the shared piece down instead.',
};

export default [
  {
    // Contracts are shared with the client (the @contracts alias): plain types and rules, nothing from the server.
    files: ['server/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'Contracts import only other contracts (./...): the client compiles them too.' }] },
      ],
    },
  },
  {
    files: ['server/src/common/**/*.ts', 'server/src/database/**/*.ts', 'server/src/infrastructure/**/*.ts'],
    // These assemble the features' tables and demo data, so they import them by design.
    ignores: [
      'server/src/database/entities.ts',
      'server/src/database/migrations/**',
      'server/src/database/seed/**',
      'server/src/database/database-bootstrap.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureImport] }] },
  },
  {
    // Services publish only through UnitOfWork.run's `publish`, which waits for the commit. DomainEvents (and the
    // EventEmitter2 under it) are for the unit of work itself, the module that provides them, and the realtime
    // listeners and tests that hear the events.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/database/unit-of-work.ts',
      'server/src/common/common.module.ts',
      'server/src/common/domain-events.ts',
      'server/src/realtime/**',
      'server/src/**/*.spec.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)domain-events$',
              importNames: ['DomainEvents'],
              message: 'Publish inside UnitOfWork.run (database/unit-of-work.ts), so the event waits for the commit.',
            },
          ],
          paths: [
            {
              name: '@nestjs/event-emitter',
              importNames: ['EventEmitter2'],
              message: 'Publish inside UnitOfWork.run (database/unit-of-work.ts), so the event waits for the commit.',
            },
          ],
        },
      ],
    },
  },
];
