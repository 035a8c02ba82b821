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

// Suites about `npm start`'s embedded database itself (each start a deployment of its own in a fresh DATA_DIR, on
// PGlite whatever the project): api-pglite runs them; in api-pg they would run the same starts a second time.
const EMBEDDED_ONLY = ['/node_modules/', '<rootDir>/test/api/startup\\.e2e\\.ts$', '<rootDir>/test/api/production-start\\.e2e\\.ts$'];

module.exports = {
  projects: [
    { ...node, displayName: 'unit', testMatch: ['<rootDir>/server/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'] },
    {
      ...e2e,
      displayName: 'api-pg',
      testPathIgnorePatterns: EMBEDDED_ONLY,
      globalSetup: '<rootDir>/test/support/global-setup-pg.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown-pg.ts',
      setupFiles: ['<rootDir>/test/support/use-pg.ts'],
    },
    { ...e2e, displayName: 'api-pglite', setupFiles: ['<rootDir>/test/support/use-pglite.ts'] },
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
      setupFilesAfterEnv: ['<rootDir>/test/support/timeout-120s.ts'],
    },
    ...(require('node:fs').existsSync(`${__dirname}/client/jest.config.cjs`) ? ['<rootDir>/client/jest.config.cjs'] : []),
  ],
};
