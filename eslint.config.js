// The lint of every package but the web app in one process, each package under its own config (its import
// boundaries, its exemptions), with the types of one program for all of them (tsconfig.packages.json): the shared
// packages' types are computed once, not once per package. The web app is linted by its own package (DOM types).
// One package alone: `pnpm --filter @taller/<name> lint`.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const dirs = [
  "apps/server",
  "db",
  ...readdirSync(new URL("packages", import.meta.url)).map((name) => `packages/${name}`),
];

// The packages' two-line tool configs (vitest.config.ts, drizzle.config.ts) are in no tsconfig: each package's own
// lint reads them with a default project.
const configs = [{ ignores: ["apps/web/**", "tooling/**", "node_modules/**", "*.config.js", "**/*.config.ts"] }];
for (const dir of dirs) {
  const { default: config } = await import(`./${dir}/eslint.config.js`);
  configs.push(...config.map((entry) => ({ ...entry, basePath: dir })));
}
configs.push({
  files: ["**/*.ts"],
  languageOptions: {
    parserOptions: { projectService: false, project: "./tsconfig.packages.json", tsconfigRootDir: root },
  },
});

export default configs;
