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

const serverSrc = "./server/src";
/** Every server feature module but the access policy, which every feature may use. */
const serverFeatures = readdirSync(new URL("server/src/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "access")
  .map((entry) => entry.name);
/**
 * What one server module may import from another (docs/decisions/033-server-layers.md): its
 * service, its reads (which take the caller), its ports, its GraphQL types, its rules and its jobs,
 * plus the few named helpers below.
 */
const serverModuleFaces = [
  ...["*.service.ts", "*.reads.ts", "*-port.ts", "*.types.ts", "*.rules.ts", "*.job.ts"].map(
    (face) => `**/server/src/modules/*/${face}`,
  ),
  // the session cookie's helpers, for the account deletion that ends the session
  "**/server/src/modules/auth/auth.http.ts",
  // the timeline row lock a new memory's position is counted under
  "**/server/src/modules/timelines/timeline-locks.ts",
  // the notices of a change of tier, written in the timelines' own transaction
  "**/server/src/modules/notifications/privacy-notices.ts",
  // the names nobody may take, checked when sign-in makes a username
  "**/server/src/modules/users/reserved-usernames.ts",
];

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
    // Server layout (docs/decisions/033-server-layers.md), bottom up: config, lib, entities, db and
    // jobs (the ground); http/ and graphql/ (framework plumbing); modules/access (the policy);
    // modules/<feature> (entities' rules, reads, services, edges); web/ (composition); app.ts, main.ts.
    files: ["server/src/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["config", "lib", "db", "jobs"].map((folder) => `${serverSrc}/${folder}`),
              from: ["modules", "http", "graphql", "web"].map((folder) => `${serverSrc}/${folder}`),
              message:
                "config/, lib/, db/ and jobs/ are the ground floor: they import no module, plumbing or composition. Pass what they need in as an argument.",
            },
            {
              target: `${serverSrc}/entities`,
              from: ["config", "lib", "db", "jobs", "modules", "http", "graphql", "web"].map(
                (folder) => `${serverSrc}/${folder}`,
              ),
              message: "Entities and enums are plain data shapes: they import only each other.",
            },
            {
              target: [`${serverSrc}/http`, `${serverSrc}/graphql`],
              from: `${serverSrc}/modules`,
              except: ["./access"],
              message:
                "http/ and graphql/ are framework plumbing: they may use the access policy (modules/access), no feature module. Wire features in web/.",
            },
            {
              target: [`${serverSrc}/http`, `${serverSrc}/graphql`, `${serverSrc}/modules`],
              from: `${serverSrc}/web`,
              except: ["./context.ts", "./services.ts", "./present.ts"],
              message:
                "web/ composes the server and nothing below imports it, except the edges' types of the composed context, the services and the REST presenter.",
            },
            {
              target: `${serverSrc}/modules/access`,
              from: serverFeatures.map((feature) => `${serverSrc}/modules/${feature}`),
              message: "The access policy knows no feature: features depend on it, never the other way.",
            },
            ...serverFeatures.map((feature) => ({
              target: `${serverSrc}/modules/${feature}`,
              from: [`${serverSrc}/modules/!(${feature}|access)/**`],
              except: serverModuleFaces,
              message:
                "A server module uses another only through its service, reads, port, GraphQL types, rules or jobs (eslint.config.js, serverModuleFaces). Import one of those, or compose both in web/.",
            })),
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
