import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import featureEntries from "./eslint-rules/feature-entries.js";

// Browser-side modules must never pull server code (database, secrets) into the bundle.
const noServerImports = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: "\\.server(\\.tsx?)?$",
          message: "Components, widgets and shared rules must not import *.server modules: they reach the browser (docs/architecture.md).",
        },
      ],
    },
  ],
};

// Layers (docs/architecture.md, «Rules»): a feature's server code knows nothing of React or the
// server edge — services reach it through the router context; the database layer knows nothing of
// the features built on it.
const domainLayer = {
  "no-restricted-imports": [
    "error",
    {
      paths: [
        { name: "react", message: "Server code must not import React: keep UI in components." },
        { name: "react-router", message: "Server code must not import react-router: return data, let the route answer HTTP." },
      ],
      patterns: [
        { regex: "(^|/)server/", message: "Server code must not import server/: take services through the router context (app/lib/ports.ts)." },
        { regex: "^react-dom", message: "Server code must not import React." },
      ],
    },
  ],
};
const dbLayer = {
  "no-restricted-imports": [
    "error",
    { patterns: [{ regex: "(^|/)features/", message: "app/db must not import app/features: the database layer sits below the shop's logic." }] },
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
    files: ["app/ui/**", "app/lib/**", "app/features/**"],
    ignores: ["app/features/**/*.server.ts", "app/features/**/*.server.test.ts", "app/features/**/*.worker.ts"],
    rules: noServerImports,
  },
  {
    // tests too: a test that needs server/ belongs in tests/integration/
    files: ["app/features/**/*.server.ts", "app/features/**/*.server.test.ts", "app/features/**/*.worker.ts"],
    rules: domainLayer,
  },
  {
    // the demo seed builds its orders with the shop's own rules
    files: ["app/db/**"],
    ignores: ["app/db/seed/**"],
    rules: dbLayer,
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    plugins: { vitrina: { rules: { "feature-entries": featureEntries } } },
    rules: { "vitrina/feature-entries": "error" },
  },
);
