import { readFileSync } from 'node:fs';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The embedded store (lib/docstore) knows nothing of the app above it: it imports nothing from the
 * rest of the tree and names none of the app's collections or document fields. Both lists are read
 * from lib/db/documents.ts, so a new collection or field is held to it too. Words any document
 * store has (an id, a name, a key, a value, a count...) are not the app's.
 */
const documents = readFileSync(new URL('./lib/db/documents.ts', import.meta.url), 'utf8');
const collectionNames = [...documents.match(/export interface Collections \{([\s\S]*?)\n\}/)[1].matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
const GENERIC = new Set(['_id', 'id', 'at', 'by', 'count', 'key', 'name', 'value', 'version', 'error', 'code', 'options', 'kind', 'source', 'state', 'to', 'type', 'number', 'date', 'keys']);
const fieldNames = [...new Set([...documents.matchAll(/^\s+([A-Za-z_]\w*)\??:/gm)].map((m) => m[1]))].filter((f) => !GENERIC.has(f) && !collectionNames.includes(f));
const words = (list) => `/^(${list.join('|')})$/`;
const APP_NAMES = 'names a collection or a field of the app: lib/docstore knows nothing of the app (eslint.config.mjs)';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // A leading underscore marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['lib/docstore/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/*', '../*'], message: 'lib/docstore imports nothing from the rest of the app (eslint.config.mjs).' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${words([...collectionNames, ...fieldNames])}]`, message: `This string ${APP_NAMES}.` },
        { selector: `TemplateElement[value.raw=/\\b(${collectionNames.join('|')})\\b/]`, message: `This text ${APP_NAMES}.` },
        { selector: `MemberExpression > Identifier.property[name=${words(fieldNames)}]`, message: `This property ${APP_NAMES}.` },
      ],
    },
  },
  {
    // A journey runs against its worker's own server: that is what e2e/fixtures.ts's `test` gives it.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './fixtures' (each worker's own server)." }] }],
    },
  },
  {
    ignores: ['.next/**', 'node_modules/**', '.data*/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;
