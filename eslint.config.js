import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Imports run one way (DESIGN.md section 1): events <- infra <- services <- stack, bench; the UI
 * imports only events; tools import nothing of ours but the shared port helper. Tests may use the
 * local stand-ins and, for their fixtures, a sibling service.
 */
const ours = ['events', 'infra', 'command-service', 'projector', 'query-service', 'stack', 'bench', 'ui'];
const tools = ['ports', 'payment-sandbox', 'auth-emulator', 'kafka-broker', 'embedded-postgres', 'smtp-sink'];
const tests = ['**/*.test.{ts,tsx}', '**/*-harness.ts', '**/testing/**', '**/e2e/**'];
const forbid = (files, names, ignores = tests) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: names.map((name) => ({
          group: [`@building/${name}`, `@building/${name}/*`],
          message: `imports run one way (DESIGN.md section 1): this workspace may not import @building/${name}`,
        })),
      },
    ],
  },
});
const importDirection = [
  forbid(['events/**'], [...ours.filter((name) => name !== 'events'), ...tools], []),
  forbid(['infra/**'], [...ours.filter((name) => !['events', 'infra'].includes(name)), ...tools]),
  forbid(['tools/**'], [...ours, ...tools.filter((name) => name !== 'ports')], []),
  forbid(['command-service/**'], ['projector', 'query-service', 'stack', 'bench', 'ui', ...tools]),
  forbid(['projector/**'], ['command-service', 'query-service', 'stack', 'bench', 'ui', ...tools]),
  forbid(['query-service/**'], ['command-service', 'projector', 'stack', 'bench', 'ui', ...tools]),
  forbid(['ui/**'], [...ours.filter((name) => !['events', 'ui'].includes(name)), ...tools]),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      '.cache/**',
      '**/dist/**',
      'ui/public/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The Stripe.js stand-in runs in the browser.
    files: ['tools/payment-sandbox/**/*.{js,ts}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  ...importDirection,
);
