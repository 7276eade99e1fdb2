// Lint: typescript-eslint's recommended rules over every package; generated code is left alone.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/generated/**', '**/dist/**', 'var/**', 'test-output/**', 'bench-output/**'] },
  // Disable comments for rules we switched off are harmless; do not report them.
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      // Format sniffers test raw bytes for control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } } },
);
