import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Imports run one way (docs/architecture.md, section "Layers"): events <- domain <- infra <-
 * command-service, projector, query-service <- stack, bench; the UI imports only events; tools import
 * nothing of ours but the shared port helper. The three services stand side by side: none imports
 * another, tests and harnesses included. Tests may also use the local stand-ins (tools) and the
 * domain's histories; the UI's browser tests start the whole stack. No relative import crosses a
 * workspace: each goes through the package its package.json declares.
 */
const ours = [
  'events',
  'domain',
  'infra',
  'command-service',
  'projector',
  'query-service',
  'stack',
  'bench',
  'ui',
];
const tools = ['ports', 'payment-sandbox', 'auth-emulator', 'kafka-broker', 'embedded-postgres', 'smtp-sink'];
const tests = ['**/*.test.{ts,tsx}', '**/*-harness.ts', '**/testing/**', '**/e2e/**'];
const layers = 'imports run one way (docs/architecture.md, section "Layers")';
const workspace = (name) => ({
  group: [`@building/${name}`, `@building/${name}/*`],
  message: `${layers}: this workspace may not import @building/${name}`,
});
const crossing = {
  regex: `^(\\.\\./)+(${[...ours, 'tools'].join('|')})/`,
  message: `${layers}: import another workspace through its package (@building/...), not a relative path`,
};
const library = (name) => ({
  group: [name, `${name}/*`],
  message: `${layers}: the domain is pure: no ${name} (adapters live in infra and the services)`,
});
const forbid = (files, names, { ignores = [], libraries = [] } = {}) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...names.map(workspace), ...libraries.map(library), crossing] },
    ],
  },
});
const except = (...allowed) => ours.filter((name) => !allowed.includes(name));
const services = ['command-service', 'projector', 'query-service'];
/** A service's files may not import its siblings or anything above; its product code no tools either. */
const service = (name) => [
  forbid([`${name}/**`], [...except('events', 'domain', 'infra', name), ...tools], { ignores: tests }),
  forbid(
    tests.map((glob) => `${name}/${glob}`),
    except('events', 'domain', 'infra', name),
  ),
];
const importDirection = [
  forbid(['events/**'], [...except('events'), ...tools]),
  forbid(['domain/**'], [...except('events', 'domain'), ...tools], {
    libraries: ['koa', '@koa/router', 'knex', 'pg', 'kafkajs', 'ioredis'],
  }),
  forbid(['infra/**'], [...except('events', 'domain', 'infra'), ...tools], { ignores: tests }),
  forbid(
    tests.map((glob) => `infra/${glob}`),
    except('events', 'domain', 'infra'),
  ),
  forbid(['tools/**'], [...ours, ...tools.filter((name) => name !== 'ports')]),
  ...services.flatMap(service),
  forbid(['ui/**'], [...except('events', 'ui'), ...tools], { ignores: ['ui/e2e/**'] }),
  forbid(['ui/e2e/**'], except('events', 'ui', 'stack')),
  // stack and bench stand above the services: only the crossing rule.
  forbid(['stack/**', 'bench/**'], []),
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
