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
  // jest/setup.ts also sets the tests' time limit (why there and not here: its comment).
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
};
