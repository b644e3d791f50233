// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const clientSrc = "./client/src";
/** Every client feature folder: each one is a zone that the others may not import from. */
const clientFeatures = readdirSync(new URL("client/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Shared client code: used by features and app, never importing either. */
const clientShared = ["components", "hooks", "lib", "utils", "config", "testing", "styles", "types"].map(
  (folder) => `${clientSrc}/${folder}`,
);
/** The public pages are their own entries: they must not pull in the signed-in app. */
const clientPublicPages = ["landing", "legal", "site"].map((folder) => `${clientSrc}/${folder}`);

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "client/src/gql/**",
      "client/dev-dist/**",
      "data/**",
      "bench/results/**",
      "**/test-results/**",
      "**/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // No import cycles anywhere (client, server, scripts, bench). Type-only imports do not count.
    files: ["**/*.ts", "**/*.tsx", "**/*.js", "**/*.mjs"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
          // The server imports its own .ts files by their emitted .js names (NodeNext).
          extensionAlias: { ".js": [".ts", ".tsx", ".js"], ".mjs": [".mts", ".mjs"] },
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Client layout: app → features → shared, one way. A feature never imports another feature;
    // screens that need two features compose them in app/routes.
    files: ["client/src/**/*.ts", "client/src/**/*.tsx"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...clientFeatures.map((feature) => ({
              target: `${clientSrc}/features/${feature}`,
              from: `${clientSrc}/features`,
              except: [`./${feature}`],
              message:
                "A feature may not import another feature: move the shared piece to a shared folder, or compose both in app/routes.",
            })),
            {
              target: `${clientSrc}/features`,
              from: `${clientSrc}/app`,
              message: "Features may not import from app/.",
            },
            {
              target: clientShared,
              from: [`${clientSrc}/features`, `${clientSrc}/app`],
              message: "Shared code may not import from features/ or app/.",
            },
            {
              target: clientPublicPages,
              from: [`${clientSrc}/features`, `${clientSrc}/app`],
              message: "The public pages may not import the signed-in app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/**/*.test.ts", "server/src/db/generate-migration.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
