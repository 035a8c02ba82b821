/** Component tests for the console: jsdom, SWC, the @contracts alias and CSS stubbed out. */
module.exports = {
  displayName: 'client',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@contracts/(.*)$': '<rootDir>/../server/src/contracts/$1',
    '\\.(css|less|scss)$': '<rootDir>/jest/style-stub.cjs',
    // one copy of Mantine (see vite.config.ts dedupe)
    '^@mantine/core$': '<rootDir>/node_modules/@mantine/core',
    '^@mantine/hooks$': '<rootDir>/node_modules/@mantine/hooks',
  },
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
  // Mantine under jsdom renders a modal with a form in 1–4 s on a quiet 2-core machine; 5 s left no margin under load,
  // and 20 s not for the longest form test (typing into the Edit Trip modal) beside a browser suite in CI.
  testTimeout: 45_000,
};
