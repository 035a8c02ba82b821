import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noLateEventRead from './eslint-rules/no-late-event-read.mjs';

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
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
