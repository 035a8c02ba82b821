import { readFileSync } from 'node:fs';

/**
 * The dead-code check of `npm run lint`: files nothing imports, exports nothing uses, and dependencies nothing
 * imports (or imports without declaring). Every file is reached from an entry: the server's main, migrations and seed,
 * the client's main, the scripts, and every test suite.
 */

// test/ and scripts/ run the server's code with the server's dependencies (server/tsconfig.json compiles them with
// it; npm hoists its packages to the root), so they may import what server/package.json declares, and connect to the
// live events with the console's own socket.io-client. `npm run lint` runs knip without configuration hints: most of
// the server's packages are not imported by test/ or scripts/, and saying so each time would be noise.
const serverDependencies = Object.keys(JSON.parse(readFileSync('server/package.json', 'utf8')).dependencies);
const sharedWithTests = [...serverDependencies, 'socket.io-client'];

/** @type {import('knip').KnipConfig} */
const config = {
  // an export its own file uses is alive; the check looks for code nothing uses
  ignoreExportsUsedInFile: true,
  workspaces: {
    '.': {
      entry: ['scripts/*.{mjs,ts}', 'test/**/*.{e2e,browser,bench}.ts', 'test/support/*.{ts,cjs}', 'test/bench/support/*.mjs'],
      project: ['scripts/**/*.{mjs,ts}', 'test/**/*.{ts,mjs,cjs}', 'eslint-rules/**/*.mjs'],
      ignoreDependencies: sharedWithTests,
      // the Microsoft identity stub makes its loopback certificate with the system's openssl (no npm package)
      ignoreBinaries: ['openssl'],
    },
    server: {
      entry: [
        'src/main.ts',
        'src/database/migrations/*.ts',
        'src/database/seed/*.seed.ts',
        'src/database/cli-data-source.ts',
        'src/**/*.spec.ts',
      ],
      project: ['src/**/*.ts'],
    },
    client: {
      entry: ['src/**/*.test.{ts,tsx}', 'jest/*.{ts,cjs}'],
      project: ['src/**/*.{ts,tsx}', 'jest/**'],
    },
  },
};

export default config;
