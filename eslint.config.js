import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url));

/** Web features do not import each other; shared code flows lib and components → features → app (STYLE.md). */
const webBoundaries = [
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((other) => other !== feature).join('|')})/`,
              message:
                'A feature does not import another feature: move what both need to lib/ or components/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/',
              message: 'lib/ and components/ are shared by features and import none of them.',
            },
          ],
        },
      ],
    },
  },
];

/** A server module uses another only through its public file, `<module>/index.ts` (docs/architecture.md). */
const modulePattern = {
  regex: '^\\.\\./[a-z-]+/(?!index\\.ts$)',
  message: "Import another module through its public file, '../<module>/index.ts'.",
};
/** The hot statements' machinery serves the sale's and the movement's paths into the ledger (docs/decisions.md). */
const HOT_PATH_MODULES = ['inventory', 'sales', 'movements'];
const hotPathPattern = {
  regex: '/platform/db/(prepared|pipelined)\\.ts$',
  message:
    'Only the ledger and the sale’s and movement’s hot paths use prepared and pipelined statements: write plain drizzle.',
};
const serverBoundaries = [
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: [
      'server/src/modules/**/*.test.ts',
      ...HOT_PATH_MODULES.map((m) => `server/src/modules/${m}/**`),
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [modulePattern, hotPathPattern] }] },
  },
  {
    files: HOT_PATH_MODULES.map((m) => `server/src/modules/${m}/**/*.ts`),
    ignores: ['server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [modulePattern] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'server/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  ...serverBoundaries,
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
