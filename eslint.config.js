import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

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
