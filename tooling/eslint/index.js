// Shared flat config. `base` for every package, `react` adds the hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ignores = {
  ignores: ['**/dist/**', '**/storybook-static/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', '**/.bench/**', '**/*.gen.ts'],
};

export const base = tseslint.config(ignores, js.configs.recommended, ...tseslint.configs.recommended, {
  languageOptions: { globals: { ...globals.node, ...globals.browser } },
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'error',
    'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
  },
});

export const react = tseslint.config(...base, {
  files: ['**/*.{ts,tsx}'],
  plugins: { 'react-hooks': reactHooks },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
  },
});

export default base;
