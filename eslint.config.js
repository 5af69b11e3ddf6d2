import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Rules for modules/: each reaches another module through its service only. */
const otherModulesRepo = {
  group: ['../*/repo.ts', '../*/repo', '../*/*-repo.ts', '../*/*-repo'],
  message: "A module never imports another module's repo; call its service.",
};
const otherModulesRoutes = {
  group: ['../*/routes.ts', '../*/routes', '../*/*-routes.ts', '../*/*-routes'],
  message:
    "A module never imports another module's routes: response schemas live in packages/shared, route helpers in http/.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'reports/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One way between the sides: the web app shares only packages/shared with the server.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@labshop/server', '@labshop/server/**'],
              message: 'The web app never imports server code; share through packages/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'Shared components never import a feature; compose them in a route.',
            },
            {
              group: ['**/apps/server/**', '@labshop/server'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@labshop/server', '@labshop/web'],
              message: 'packages/shared imports nothing from the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // The layers below the HTTP layer and the modules: they are used by both, and use neither.
    files: [
      'apps/server/src/core/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/cache/**/*.ts',
      'apps/server/src/jobs/**/*.ts',
      'apps/server/src/integrations/**/*.ts',
    ],
    // The stand-in identity provider is a small web app of its own, mounted on the shop's
    // server: its routes take the HTTP layer's per-client limit like any route.
    ignores: ['apps/server/src/integrations/identity/embedded/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '**/modules/**', '**/app.ts'],
              message:
                'core/, db/, cache/, jobs/ and integrations/ sit below http/ and modules/; move what they need down.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModulesRepo, otherModulesRoutes] }],
    },
  },
  {
    // A service takes input its route validated (a JSON body by the route's schema, a
    // multipart form by the route's handler): one way to validate.
    files: ['apps/server/src/modules/**/*service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            otherModulesRepo,
            otherModulesRoutes,
            {
              group: ['**/http/validation.ts', '**/http/uploads.ts'],
              message: 'Validate in the route; the service takes validated input.',
            },
          ],
        },
      ],
    },
  },
);
