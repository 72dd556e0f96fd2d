// The lint rules that keep the architecture, run through ESLint's Node API with each package's own config on
// in-memory files: a rule that stopped matching (a renamed package, a moved folder) fails here, not in review.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { DOMAIN_ORDER, importableDomains, OPERATOR_DOMAINS } from "../base.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The problems of `code` as if it were the file `path` of the package at `dir`. Import rules need no types; with
 * types, the file (not on disk, so in no project) is typed with the package's tsconfig.json.
 */
async function lint(dir: string, path: string, code: string, withTypes = false): Promise<Linter.LintMessage[]> {
  const cwd = `${root}${dir}`;
  const types = {
    projectService: { allowDefaultProject: [path], defaultProject: "tsconfig.json" },
    tsconfigRootDir: cwd,
  };
  const eslint = new ESLint({
    cwd,
    overrideConfig: withTypes ? [{ languageOptions: { parserOptions: types } }] : [tseslint.configs.disableTypeChecked],
  });
  const [result] = await eslint.lintText(code, { filePath: `${cwd}/${path}` });
  return result?.messages ?? [];
}
const rules = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

describe("import boundaries", () => {
  it("a domain imports core, db and trpc, never the api or a domain not before it in DOMAIN_ORDER", async () => {
    const allowed =
      'import { present } from "@taller/core";\nimport { users } from "@taller/db";\nimport { userError } from "@taller/trpc";\nexport { present, users, userError };\n';
    expect(rules(await lint("packages/orders", "src/probe.ts", allowed))).toEqual([]);
    const api = await lint(
      "packages/orders",
      "src/probe.ts",
      'import { appRouter } from "@taller/api";\nexport { appRouter };\n',
    );
    expect(rules(api)).toEqual(["no-restricted-imports"]);
    expect(api[0]?.message).toContain("A domain package imports @taller/core, @taller/db, @taller/trpc and only");
    const domain = await lint(
      "packages/vehicles",
      "src/probe.ts",
      'import { ordersRouter } from "@taller/orders";\nexport { ordersRouter };\n',
    );
    expect(rules(domain)).toEqual(["no-restricted-imports"]);
  });

  it("booking calls orders' write functions, and orders cannot import booking back", async () => {
    const write = 'import { createOrder } from "@taller/orders";\nexport { createOrder };\n';
    expect(rules(await lint("packages/booking", "src/probe.ts", write))).toEqual([]);
    const back = await lint(
      "packages/orders",
      "src/probe.ts",
      'import { bookingRouter } from "@taller/booking";\nexport { bookingRouter };\n',
    );
    expect(rules(back)).toEqual(["no-restricted-imports"]);
    expect(back[0]?.message).toContain("DOMAIN_ORDER");
  });

  it("the chat calls the calendar's event writes and orders call the chat's; neither back", async () => {
    const events = 'import { writeEvent } from "@taller/calendar";\nexport { writeEvent };\n';
    expect(rules(await lint("packages/chat", "src/probe.ts", events))).toEqual([]);
    const finished = 'import { documentFinished } from "@taller/chat";\nexport { documentFinished };\n';
    expect(rules(await lint("packages/orders", "src/probe.ts", finished))).toEqual([]);
    expect(rules(await lint("packages/calendar", "src/probe.ts", finished))).toEqual(["no-restricted-imports"]);
    const orders = 'import { createOrder } from "@taller/orders";\nexport { createOrder };\n';
    expect(rules(await lint("packages/chat", "src/probe.ts", orders))).toEqual(["no-restricted-imports"]);
  });

  it("documents read their status rules from admin, which imports none of them back", async () => {
    const rules_ = 'import { isTransitionAllowed } from "@taller/admin";\nexport { isTransitionAllowed };\n';
    for (const pkg of ["packages/crm", "packages/budgets", "packages/orders"])
      expect(rules(await lint(pkg, "src/probe.ts", rules_))).toEqual([]);
    const back = 'import { crmRouter } from "@taller/crm";\nexport { crmRouter };\n';
    expect(rules(await lint("packages/admin", "src/probe.ts", back))).toEqual(["no-restricted-imports"]);
  });

  it("auth writes a user's own account through admin, which owns users, and admin cannot import auth back", async () => {
    const write = 'import { setPasswordHash } from "@taller/admin";\nexport { setPasswordHash };\n';
    expect(rules(await lint("packages/auth", "src/probe.ts", write))).toEqual([]);
    const back = 'import { authenticate } from "@taller/auth";\nexport { authenticate };\n';
    expect(rules(await lint("packages/admin", "src/probe.ts", back))).toEqual(["no-restricted-imports"]);
    const other = 'import { createClient } from "@taller/crm";\nexport { createClient };\n';
    expect(rules(await lint("packages/auth", "src/probe.ts", other))).toEqual(["no-restricted-imports"]);
  });

  it("the operators' package imports exactly the owners it writes through, and no domain imports it", async () => {
    const owners =
      'import { createCompany } from "@taller/admin";\nimport { importClients } from "@taller/crm/import";\n' +
      'import { importProducts } from "@taller/inventory/import";\n' +
      'import { importVehicles } from "@taller/vehicles/import";\n' +
      "export { createCompany, importClients, importProducts, importVehicles };\n";
    expect(rules(await lint("packages/manager", "src/probe.ts", owners))).toEqual([]);
    const orders = await lint(
      "packages/manager",
      "src/probe.ts",
      'import { createOrder } from "@taller/orders";\nexport { createOrder };\n',
    );
    expect(rules(orders)).toEqual(["no-restricted-imports"]);
    expect(orders[0]?.message).toContain("OPERATOR_DOMAINS");
    const manager = 'import { managerRouter } from "@taller/manager";\nexport { managerRouter };\n';
    for (const pkg of ["packages/admin", "packages/vehicles", "packages/crm", "packages/analytics"])
      expect(rules(await lint(pkg, "src/probe.ts", manager))).toEqual(["no-restricted-imports"]);
    // Listed in DOMAIN_ORDER, which manager is not: the operators' imports cannot close a cycle.
    expect(OPERATOR_DOMAINS.filter((d) => !DOMAIN_ORDER.includes(d))).toEqual([]);
    expect(DOMAIN_ORDER).not.toContain("manager");
  });

  it("every domain's runtime dependencies on other domains are ones its lint rule lets it import", () => {
    const domains = readdirSync(`${root}packages`).filter((d) => !["core", "trpc", "api"].includes(d));
    const wrong: string[] = [];
    for (const dir of domains) {
      const pkg = JSON.parse(readFileSync(`${root}packages/${dir}/package.json`, "utf8")) as {
        dependencies?: Record<string, string>;
      };
      const before = importableDomains(dir);
      for (const dep of Object.keys(pkg.dependencies ?? {})) {
        const name = dep.replace("@taller/", "");
        if (dep.startsWith("@taller/") && domains.includes(name) && !before.includes(name))
          wrong.push(`${dir} -> ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lower layers do not import upward", async () => {
    expect(
      rules(await lint("db", "src/probe.ts", 'import { userError } from "@taller/trpc";\nexport { userError };\n')),
    ).toEqual(["no-restricted-imports"]);
    expect(
      rules(await lint("packages/core", "src/probe.ts", 'import { users } from "@taller/db";\nexport { users };\n')),
    ).toEqual(["no-restricted-imports"]);
  });

  it("a web feature reaches another feature through its index only", async () => {
    const into = await lint(
      "apps/web",
      "src/features/vehicles/probe.ts",
      'import { ClientName } from "../orders/order-rows";\nexport { ClientName };\n',
    );
    expect(rules(into)).toEqual(["no-restricted-imports"]);
    expect(into[0]?.message).toContain("Web features do not reach into each other");
    expect(
      rules(
        await lint(
          "apps/web",
          "src/features/vehicles/probe.ts",
          'import { ClientName } from "../orders";\nexport { ClientName };\n',
        ),
      ),
    ).toEqual([]);
    // Routes load feature pages directly (lazily, one chunk per screen).
    expect(
      rules(
        await lint(
          "apps/web",
          "src/routes/probe.ts",
          'export const page = () => import("../features/orders/orders-page");\n',
        ),
      ),
    ).toEqual([]);
  });

  it("the web app takes the api's AppRouter as a type only", async () => {
    expect(
      rules(
        await lint(
          "apps/web",
          "src/probe.ts",
          'import type { AppRouter } from "@taller/api";\nexport type { AppRouter };\n',
        ),
      ),
    ).toEqual([]);
    expect(
      rules(
        await lint("apps/web", "src/probe.ts", 'import { appRouter } from "@taller/api";\nexport { appRouter };\n'),
      ),
    ).toEqual(["no-restricted-imports"]);
  });
});

describe("web screens", () => {
  it("a table is written as ScrollTable, which alone holds the bare <table>", async () => {
    const bare = "export const T = () => <table><tbody /></table>;\n";
    expect(rules(await lint("apps/web", "src/features/admin/probe.tsx", bare))).toEqual(["no-restricted-syntax"]);
    expect(rules(await lint("apps/web", "src/ui/scroll-table.tsx", bare))).toEqual([]);
    const wrapped =
      'import { ScrollTable } from "../../ui/scroll-table";\nexport const T = () => <ScrollTable><tbody /></ScrollTable>;\n';
    expect(rules(await lint("apps/web", "src/features/admin/probe.tsx", wrapped))).toEqual([]);
  });

  it("a form's button row is FormFooter's, not a copy of its dialog-actions row", async () => {
    const own = 'export const F = () => <div className="dialog-actions"><button>Cancelar</button></div>;\n';
    expect(rules(await lint("apps/web", "src/features/admin/probe.tsx", own))).toEqual(["no-restricted-syntax"]);
    expect(rules(await lint("apps/web", "src/ui/dialog.tsx", own))).toEqual([]);
    const footer =
      'import { FormFooter } from "../../ui/form-footer";\nexport const F = () => <FormFooter saving={false} />;\n';
    expect(rules(await lint("apps/web", "src/features/admin/probe.tsx", footer))).toEqual([]);
  });
});

describe("rules with type information", () => {
  it("refuses a floating promise and an unexplained non-null assertion", async () => {
    const code =
      "export async function save(): Promise<void> {}\nexport function run(list: number[]): number {\n  save();\n  return list[0]!;\n}\n";
    expect(rules(await lint("packages/core", "src/probe.ts", code, true))).toEqual([
      "@typescript-eslint/no-floating-promises",
      "@typescript-eslint/no-non-null-assertion",
    ]);
  });

  it("accepts a non-null assertion whose disable comment says why, and refuses one without a reason", async () => {
    const why =
      "export function first(list: number[]): number {\n  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the caller checked the length\n  return list[0]!;\n}\n";
    expect(rules(await lint("packages/core", "src/probe.ts", why, true))).toEqual([]);
    const bare = why.replace(" -- the caller checked the length", "");
    expect(rules(await lint("packages/core", "src/probe.ts", bare, true))).toEqual([
      "@eslint-community/eslint-comments/require-description",
    ]);
  });
});

describe("regular expressions", () => {
  // The regexes that held the event loop for every request on one crafted mail: the booking layout's line, and the
  // HTML-to-text chain's tag and line-end patterns. Each is refused, in any package; a linear one is not.
  it.each([
    [
      "the old mail layout line",
      String.raw`/^[\s>*\-•·]*([\p{L} ]{2,30}?)[\s*]*:[\s*]*(.*?)[\s*]*$/u`,
      "regexp/no-super-linear-backtracking",
    ],
    ["a tag no '>' closes", String.raw`/<[^>]*>/g`, "regexp/no-super-linear-move"],
    ["spaces around a line break", String.raw`/ *\n */g`, "regexp/no-super-linear-move"],
    ["trailing slashes", String.raw`/\/+$/`, "regexp/no-super-linear-move"],
  ])("refuses %s", async (_, regex, rule) => {
    for (const dir of ["packages/booking", "apps/server", "apps/web"]) {
      const found = rules(await lint(dir, "src/probe.ts", `export const re = ${regex};\n`));
      expect(found).toContain(rule);
    }
  });

  it("accepts a linear one", async () => {
    expect(rules(await lint("packages/core", "src/probe.ts", "export const re = /^[\\p{L} ]{2,30}$/u;\n"))).toEqual([]);
  });
});

describe("the words before a company's term", () => {
  const term = "{ one: string; many: string; oneLower: string; manyLower: string }";
  it("refuses 'este', 'el', 'nuevo'… written before a term, in a template and in JSX", async () => {
    const template = `export const t = (o: ${term}) => \`Este \${o.oneLower} tiene un recall, sin \${o.many}\`;\n`;
    expect(rules(await lint("packages/core", "src/probe.ts", template))).toEqual(["taller/term-agreement"]);
    const jsx = `export const P = ({ o }: { o: ${term} }) => (\n  <p>\n    Cambiar el dueño del {o.oneLower}\n  </p>\n);\n`;
    expect(rules(await lint("apps/web", "src/probe.tsx", jsx))).toEqual(["taller/term-agreement"]);
  });

  it("accepts the agreeing word, and an article before anything else", async () => {
    const agreed =
      'import { agree, type TermWords } from "@taller/core";\n' +
      'export const t = (o: TermWords, n: string) => `${agree(o, "Este", "Esta")} ${o.oneLower} de el ${n}`;\n';
    expect(rules(await lint("packages/crm", "src/probe.ts", agreed))).toEqual([]);
  });
});

describe("the company's terms written as fixed words", () => {
  it("refuses 'vehículo', 'cliente' or 'orden' in a screen's string, template or JSX text", async () => {
    for (const code of [
      'export const a = "Sin cliente";\n',
      "export const b = (n: number) => `Orden #${n}`;\n",
      "export const C = () => <p>Agendar vehículo</p>;\n",
      'export const D = () => <input aria-label="Órdenes encontradas" />;\n',
    ]) {
      expect(rules(await lint("apps/web", "src/features/probe/probe.tsx", code))).toEqual(["taller/fixed-term"]);
    }
  });

  it("accepts other words, a supplier's 'orden de compra', and the operators' screens", async () => {
    const fine = 'export const a = "Ordenar por";\nexport const b = "Enviar orden de compra";\n';
    expect(rules(await lint("apps/web", "src/features/probe/probe.tsx", fine))).toEqual([]);
    const manager = 'export const c = "Clientes importados";\n';
    expect(rules(await lint("apps/web", "src/features/manager/probe.tsx", manager))).toEqual([]);
    expect(rules(await lint("packages/manager", "src/probe.ts", manager))).toEqual([]);
  });

  it("refuses them in what the server says too: core's texts, a domain's refusals, the server's PDFs", async () => {
    const code = 'export const a = "Ingresa el RUT del cliente";\n';
    for (const dir of ["packages/core", "packages/invoicing", "packages/orders", "apps/server"]) {
      expect(rules(await lint(dir, "src/probe.ts", code))).toEqual(["taller/fixed-term"]);
    }
  });
});
