import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

// Browser-side modules must never pull server code (database, secrets) into the bundle.
const noServerImports = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: "\\.server(\\.tsx?)?$",
          message: "UI and lib modules must not import *.server modules (DESIGN.md: Layout rules).",
        },
      ],
    },
  ],
};

// Layers (DESIGN.md: Layout rules): the shop's logic knows nothing of HTTP, React or the server
// edge — services reach it through the router context; the database layer knows nothing of the
// logic built on it.
const domainLayer = {
  "no-restricted-imports": [
    "error",
    {
      paths: [
        { name: "react", message: "app/domain must not import React: keep UI in components." },
        { name: "react-router", message: "app/domain must not import react-router: return data, let the route answer HTTP." },
      ],
      patterns: [
        { regex: "(^|/)server/", message: "app/domain must not import server/: take services through the router context (app/lib/ports.ts)." },
        { regex: "^react-dom", message: "app/domain must not import React." },
      ],
    },
  ],
};
const dbLayer = {
  "no-restricted-imports": [
    "error",
    { patterns: [{ regex: "(^|/)domain/", message: "app/db must not import app/domain: the database layer sits below the shop's logic." }] },
  ],
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/components/**", "app/ui/**", "app/lib/**"],
    rules: noServerImports,
  },
  {
    // tests too: a test that needs server/ belongs in tests/integration/
    files: ["app/domain/**"],
    rules: domainLayer,
  },
  {
    files: ["app/db/**"],
    rules: dbLayer,
  },
);
