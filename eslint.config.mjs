import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noLateEventRead from './eslint-rules/no-late-event-read.mjs';
import serverBoundaries from './eslint-rules/server-boundaries.mjs';

/** A relative import of client/src/app (the composition root): only app/ itself and main.tsx may import it. */
const CLIENT_APP_IMPORT = {
  regex: '^(\\.\\.?/)+(.*/)?app(/|$)',
  message: 'client/src/app is the composition root: move what you need into client/src/shared (or components, api).',
};
/** A relative import of a client feature: the layers below features/ (components, shared, api) must not. */
const CLIENT_FEATURE_IMPORT = {
  regex: '^(\\.\\.?/)+(.*/)?features(/|$)',
  message: 'components, shared and api sit below the features: move the piece down instead of importing a feature.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'bench/results/**', 'test/browser/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      curly: ['error', 'multi-line'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // the console's own rules (eslint-rules/): each file says what it catches and why
    files: ['client/src/**/*.ts', 'client/src/**/*.tsx'],
    plugins: { console: { rules: { 'no-late-event-read': noLateEventRead } } },
    rules: { 'console/no-late-event-read': 'error' },
  },
  // the server's import arrows and the unit of work's monopoly on publishing (eslint-rules/server-boundaries.mjs)
  ...serverBoundaries,
  {
    // The client's layers, top to bottom: app/ (routes, providers, shell: the composition root) composes features/,
    // features/ use components/, shared/ and api/. Imports point down only, so app/ is never a library a feature
    // leans on, and the shared pieces never depend on a screen.
    files: ['client/src/{features,components,api,shared}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIENT_APP_IMPORT] }] },
  },
  {
    files: ['client/src/{components,api,shared}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIENT_APP_IMPORT, CLIENT_FEATURE_IMPORT] }] },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
