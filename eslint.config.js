import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The web app's layers (docs/conventions.md, "Web"): code flows shared (components, lib) → features
// → app. A feature never imports another feature; the app layer composes them.
const web = "./apps/web/src";
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      "A feature does not import another feature: compose them in src/app, or move the shared part to src/lib or src/components.",
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: "Features do not import the app layer; what they share lives in src/lib or src/components.",
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: "Shared code does not import features or the app layer.",
  },
];

// The server's layers (docs/conventions.md, "The server, one way"): routes → services → repositories.
const server = "./apps/server/src";
const routeFiles = [`${server}/modules/**/routes.ts`, `${server}/modules/**/*-routes.ts`];
const repositoryFiles = [`${server}/modules/**/repository.ts`, `${server}/modules/**/*-repository.ts`];
export const serverZones = [
  {
    target: routeFiles,
    from: [...repositoryFiles, `${server}/db/**`],
    message: "Routes call services: they never import a repository or db/.",
  },
  {
    target: repositoryFiles,
    from: `${server}/modules/**`,
    except: ["**/repository.ts", "**/*-repository.ts"],
    message: "A repository holds queries: it never imports a service or a route (nor, as no module does, a plugin).",
  },
  {
    target: `${server}/modules/**`,
    from: `${server}/plugins/**`,
    message: "A module never imports a plugin: routes read their caller with lib/scope.ts (decision 070).",
  },
  {
    target: [`${server}/lib/**`, `${server}/db/**`],
    from: `${server}/modules/**`,
    message: "lib/ and db/ serve every module: they never import one.",
  },
  {
    target: `${server}/jobs/**`,
    from: repositoryFiles,
    message: "A job is a loop over a service: it never imports a repository.",
  },
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import-x/no-restricted-paths": ["error", { zones: webZones }],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/server/tsconfig.json" })],
    },
    rules: { "import-x/no-restricted-paths": ["error", { zones: serverZones }] },
  },
  {
    files: ["**/test/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["apps/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
