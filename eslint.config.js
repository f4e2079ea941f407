import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

// Not type-aware: with type information the run took about a minute on the CI machine (tsc already
// checks types in `npm test`), and its extra findings were mostly about untyped JSON in tests.
export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "db/migrations*/",
      "data/",
      "bench-results/",
      "test-results/",
      "playwright-report/",
      "coverage/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      // The app runs in both; scripts and tests run in Node and hand functions to the browser.
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Dead code is an error; a leading underscore marks what a signature needs but the body does not.
      "no-unused-vars": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Imports in one order everywhere, fixed by `eslint --fix`: `node:` modules, packages, `~/`,
    // relative paths, and side-effect imports (stylesheets) last, kept in the order written. A
    // stylesheet cascades in import order, so a component's own styles stay after those of the
    // components it imports and builds on.
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": ["error", { groups: [["^node:"], ["^@?\\w"], ["^"], ["^\\."], ["^\\u0000"]] }] },
  },
  {
    // Components and hooks live here; server-only modules never render, so a function named
    // use… there is not a hook.
    files: ["app/**/*.{ts,tsx}", "tests/**/*.tsx"],
    ignores: ["app/**/*.server.ts"],
    ...reactHooks.configs.flat["recommended-latest"],
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "react-hooks/incompatible-library": "error",
      "react-hooks/unsupported-syntax": "error",
    },
  },
  {
    files: ["tests/e2e/**", "playwright.config.ts"],
    rules: {
      // Playwright reads a hook's fixtures from its first parameter, so `({}, testInfo)` is how a hook asks for none.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // Tests read arbitrary JSON answers and call loaders with hand-made arguments; the app itself keeps the rule.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
