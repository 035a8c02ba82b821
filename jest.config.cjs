/** One `npm test`: unit tests, the API suites on PostgreSQL and on embedded PGlite, realtime, client components. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// NestJS 12 ships ES modules; Node 20 loads them through require(esm), jest's runtime does not,
// so jest compiles them (and their ES-module dependencies) to CommonJS with swc.
const esmPackages = [
  '@nestjs',
  'jose',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  '@tokenizer',
  'uint8array-extras',
  'load-esm',
];
const node = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  rootDir: __dirname,
};
const e2e = {
  ...node,
  setupFilesAfterEnv: ['<rootDir>/test/support/timeout-30s.ts'],
  testMatch: ['<rootDir>/test/api/**/*.e2e.ts'],
};

// What api-pglite runs: where the embedded database differs from PostgreSQL. PGlite is PostgreSQL itself compiled to
// WebAssembly (the same parser, planner, locks and errors), so the same SQL answers the same on both; api-pg runs every
// suite on PostgreSQL. What is PGlite's own: one session lent to one transaction at a time by our pool
// (trips-concurrency, dispatch-race: races must still end right when the transactions take turns), the embedded
// deployment's start-up (startup, production-start), the ordinary write and read paths through that pool (trips), and
// every route with hostile input (route-fuzz: no 5xx through the pool either). The browser suites run the built server on
// PGlite too, through every screen of every role. E2E_PGLITE_ALL=1 runs every API suite on PGlite (a change to the pool).
// Measured on two cores: the full set took about 500 s on PGlite, these about 200 s (docs/testing.md).
const PGLITE_SUITES = [
  'startup',
  'production-start',
  'trips-concurrency',
  'dispatch-race',
  'trips',
  'route-fuzz',
  'dispatcher-day',
  'progress',
  'drivers',
  'email',
  'rates',
  'approvals',
  'estimates',
  'invoices',
  'statements',
  'invoice-payments',
  'trip-counters',
  'trip-in-place',
  'session-cache',
  'embedded-seq',
];

// Suites about `npm start`'s embedded database itself (each start a deployment of its own in a fresh DATA_DIR, on
// PGlite whatever the project): api-pglite runs them; in api-pg they would run the same starts a second time.
const EMBEDDED_ONLY = [
  '/node_modules/',
  '<rootDir>/test/api/startup\\.e2e\\.ts$',
  '<rootDir>/test/api/production-start\\.e2e\\.ts$',
  '<rootDir>/test/api/embedded-seq\\.e2e\\.ts$',
];

module.exports = {
  reporters: ['default', '<rootDir>/test/support/timing-reporter.cjs'],
  projects: [
    { ...node, displayName: 'unit', testMatch: ['<rootDir>/server/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'] },
    {
      ...e2e,
      displayName: 'api-pg',
      // npm run test:quick leaves out the route-walking fuzz (about 80 s of its three minutes)
      testPathIgnorePatterns: process.env.TEST_QUICK ? [...EMBEDDED_ONLY, '<rootDir>/test/api/route-fuzz\\.e2e\\.ts$'] : EMBEDDED_ONLY,
      globalSetup: '<rootDir>/test/support/global-setup-pg.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown-pg.ts',
      setupFiles: ['<rootDir>/test/support/use-pg.ts'],
    },
    {
      ...e2e,
      displayName: 'api-pglite',
      setupFiles: ['<rootDir>/test/support/use-pglite.ts'],
      globalSetup: '<rootDir>/test/support/global-setup-pglite.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown-pglite.ts',
      testMatch: process.env.E2E_PGLITE_ALL ? e2e.testMatch : PGLITE_SUITES.map((name) => `<rootDir>/test/api/${name}.e2e.ts`),
    },
    {
      ...node,
      displayName: 'realtime',
      setupFilesAfterEnv: ['<rootDir>/test/support/timeout-30s.ts'],
      testMatch: ['<rootDir>/test/realtime/**/*.e2e.ts'],
      globalSetup: '<rootDir>/test/support/global-setup-pg.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown-pg.ts',
      setupFiles: ['<rootDir>/test/support/use-pg.ts'],
    },
    {
      ...node,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser.ts'],
      globalSetup: '<rootDir>/test/support/global-setup-browser.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown-browser.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/timeout-120s.ts'],
    },
    ...(require('node:fs').existsSync(`${__dirname}/client/jest.config.cjs`) ? ['<rootDir>/client/jest.config.cjs'] : []),
  ],
};
