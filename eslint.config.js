import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "data",
      ".venv",
      "src/generated",
      "public",
      ".tmp",
      ".cache",
      ".lighthouseci",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@codegouvfr/react-dsfr/useColors", "@codegouvfr/react-dsfr/mui"],
              message:
                "The build keeps only the theme-color part of react-dsfr's hex colour tables (src/app/dsfr/themeColorTables.ts): use the DSFR's CSS variables (fr.colors.decisions).",
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS scripts (those that load a CommonJS package's internals by path) require.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The domain is pure: it must never reach into the app, the server or Node's I/O.
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/app/**",
                "**/server/**",
                "react",
                "react-*",
                "fastify",
                "kysely",
                "better-sqlite3",
              ],
              message: "src/domain must stay pure.",
            },
            {
              group: ["node:*", "fs", "path", "child_process", "http"],
              message: "src/domain does no I/O.",
            },
          ],
        },
      ],
    },
  },
);
