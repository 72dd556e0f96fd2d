// Shared lint rules, with type information: process.env only in an app's env.ts, no floating promises, no
// unexplained non-null assertions, no regular expression that backtracks super-linearly, and the dependency
// direction of the architecture as import boundaries.
import comments from "@eslint-community/eslint-plugin-eslint-comments";
import js from "@eslint/js";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/**
 * `@taller/*` packages a layer may import; everything else of ours is refused (db <- trpc <- domains <- api <- apps).
 */
const layer = (allowed, message) => ({
  "no-restricted-imports": [
    "error",
    { patterns: [{ group: ["@taller/*", ...allowed.map((name) => `!@taller/${name}`)], message }] },
  ],
});
/** The web app runs only core's code; AppRouter comes from api as a type. */
const webImports = (extra) => ({
  "no-restricted-imports": [
    "error",
    {
      paths: [
        { name: "@taller/api", allowTypeImports: true, message: "The web app imports AppRouter as a type only." },
        {
          // React shows what resolves a Suspense boundary no sooner than 300 ms after the last fallback it showed,
          // and React.lazy keeps a failed load for good: lazyComponent shows a placeholder and loads again.
          name: "react",
          importNames: ["Suspense", "lazy"],
          message: "Load code with lazyComponent or lazyPart (src/lib), which neither suspends nor keeps a failure.",
        },
      ],
      patterns: [
        {
          group: ["@taller/*", "!@taller/core", "!@taller/api"],
          message: "The web app runs only @taller/core's code; server packages are types at most.",
        },
        ...extra,
      ],
    },
  ],
});
const DOMAIN =
  "A domain package imports @taller/core, @taller/db, @taller/trpc and only the domains before it in DOMAIN_ORDER " +
  "(tooling/eslint/base.js): another domain's tables are written through that domain's exported write functions.";

/**
 * The domains that call another domain's exported functions, each listed after every domain it may import: orders,
 * budgets and CRM managements read their status rules from @taller/admin (which owns statuses), a user's own account
 * changes (@taller/auth) are written through @taller/admin (which owns users), the chat writes its
 * event messages' events through @taller/calendar and its budget form's budget through @taller/budgets, an order's
 * move keeps its chat's finished state through @taller/chat (and a reception creates the order's chat through it), a
 * reception finds or creates its vehicle and client through @taller/vehicles and @taller/crm, booking's check-in
 * receives an order through @taller/orders' createOrder and a booking moves its CRM management through @taller/crm,
 * a buy order's receipt (@taller/provider) moves stock through @taller/inventory, a client's WhatsApp message
 * opens its document's chat and becomes a comment there through @taller/chat, its 'Si' confirming a booking through
 * @taller/booking (messaging comes after booking), and an electronic invoice is sent to its client by WhatsApp
 * through @taller/messaging's queue and adapter; the reports' agenda occupancy divides by the available hours the
 * booking rules give (@taller/booking's loadAvailableMinutes: the free-slot rule stays in one place), so analytics
 * comes after booking. An import may only point to an earlier entry, so no cycle can be written; a domain not
 * listed imports no other domain.
 */
export const DOMAIN_ORDER = [
  "admin",
  "auth",
  "vehicles",
  "crm",
  "calendar",
  "budgets",
  "chat",
  "inventory",
  "provider",
  "orders",
  "booking",
  "messaging",
  "invoicing",
  "analytics",
];

const BARE_TABLE = {
  selector: "JSXOpeningElement[name.name='table']",
  message: "Write a table as <ScrollTable> (ui/scroll-table.tsx): it scrolls sideways inside its own box.",
};
const OWN_ACTIONS_ROW = {
  selector: "JSXAttribute[name.name='className'][value.value='dialog-actions']",
  message:
    "A form ends with <FormFooter> (ui/form-footer.tsx: its error, 'Cancelar' and submit); a dialog's other " +
    "buttons go in <Dialog actions>.",
};

/**
 * The domains the operators' package (manager) calls, each an owner of tables it writes: a company's creation and
 * deletion through @taller/admin (which owns companies), a workbook's rows through their owners' bulk upserts
 * (@taller/vehicles: vehicles, brands, models; @taller/crm: clients; @taller/inventory: products, categories). Each
 * is listed in DOMAIN_ORDER and manager is not, so no domain can import manager back and no cycle can be written.
 */
export const OPERATOR_DOMAINS = ["admin", "vehicles", "crm", "inventory"];
const OPERATORS =
  "The operators' package (manager) imports @taller/core, @taller/db, @taller/trpc and only the domains in " +
  "OPERATOR_DOMAINS (tooling/eslint/base.js): the owners of the tables it writes, through their write functions.";

/** The domains `name` may import: those before it in DOMAIN_ORDER, or OPERATOR_DOMAINS for manager. */
export const importableDomains = (name) =>
  name === "manager" ? OPERATOR_DOMAINS : DOMAIN_ORDER.slice(0, Math.max(DOMAIN_ORDER.indexOf(name), 0));

/** The boundary of one domain package: core, db, trpc and the domains it may import (importableDomains). */
const domainLayer = (name) => [
  {
    files: ["src/**"],
    rules: layer(["core", "db", "trpc", ...importableDomains(name)], name === "manager" ? OPERATORS : DOMAIN),
  },
  companyWords(),
];

/**
 * Where `taller/fixed-term` holds: every text a company's users may read, the server's refusals, spreadsheet
 * headers and PDFs as much as the screens. The operators' code (manager) serves every company and is left out.
 */
const companyWords = (ignores = []) => ({
  files: ["src/**/*.{ts,tsx}"],
  ignores,
  rules: { "taller/fixed-term": "error" },
});

/**
 * A company names its object, client and order in its own words ('Bicicleta', 'Paciente'), of either gender: a
 * sentence that writes 'este' or 'el' before one of those words reads 'este bicicleta'. The word before a term
 * (a `TermWords`' one, many, oneLower or manyLower) comes from `agree(term, "este", "esta")` in @taller/core.
 */
const ARTICLE_BEFORE =
  /(?:^|[\s(¿¡'"])(?:el|la|los|las|del|al|este|esta|estos|estas|ese|esa|nuevo|nueva|nuevos|nuevas|un|una|otro|otra|ningún|ninguna|todos|todas|mismo|misma)\s+$/iu;
const isTermWord = (node) =>
  node?.type === "MemberExpression" &&
  !node.computed &&
  ["one", "many", "oneLower", "manyLower"].includes(node.property.name);
const termAgreement = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      agree:
        "{{word}}: the word before a company's term agrees with it: agree(term, masculine, feminine) from @taller/core.",
    },
  },
  create(context) {
    const check = (text, expression, node) => {
      const match = ARTICLE_BEFORE.exec(text);
      if (match && isTermWord(expression))
        context.report({ node, messageId: "agree", data: { word: match[0].trim() } });
    };
    return {
      TemplateLiteral(node) {
        node.expressions.forEach((expression, i) => check(node.quasis[i].value.cooked ?? "", expression, node));
      },
      JSXText(node) {
        const siblings = node.parent.children;
        const next = siblings[siblings.indexOf(node) + 1];
        if (next?.type === "JSXExpressionContainer") check(node.value, next.expression, node);
      },
    };
  },
};

/**
 * A screen that writes 'vehículo', 'cliente' or 'orden' as a fixed word reads wrong to a company that calls them
 * 'Bicicleta', 'Paciente' or 'Reparación': the word comes from the company's terms (`useTerms()`, `TermWords`,
 * `orderShort`). A text where the word means something else (an operator's screen across companies, the term
 * settings themselves) says so in a disable comment's description.
 */
const FIXED_TERM = /(?<!\p{L})(?:veh[ií]culos?|clientes?|[oó]rden(?:es)?)(?!\p{L})(?!\s+de\s+compra)/iu;
const fixedTerm = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      term: "'{{word}}' is one of the company's terms: name it with useTerms() / TermWords from @taller/core.",
    },
  },
  create(context) {
    const check = (node, text) => {
      const match = typeof text === "string" ? FIXED_TERM.exec(text) : null;
      if (match) context.report({ node, messageId: "term", data: { word: match[0] } });
    };
    return {
      Literal(node) {
        if (node.parent.type !== "ImportDeclaration" && node.parent.type !== "ExportNamedDeclaration")
          check(node, node.value);
      },
      TemplateElement: (node) => check(node, node.value.cooked),
      JSXText: (node) => check(node, node.value),
    };
  },
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.data/**", "**/migrations/**", "**/test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // A regex run on what a user or a sender wrote (a mail, a search, a RUT, a template) must not take quadratic time
  // on the event loop: every request waits meanwhile. Backtracking and moving both count, certain or potential.
  regexp.configs["flat/recommended"],
  {
    rules: {
      // Spelling only ([A-Za-z0-9_] for \w, [kK] for the i flag): the tree writes character classes out.
      "regexp/prefer-w": "off",
      "regexp/use-ignore-case": "off",
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential" }],
      "regexp/no-misleading-capturing-group": ["error", { reportBacktrackingEnds: true }],
    },
  },
  {
    languageOptions: {
      parserOptions: {
        // Configs outside every tsconfig get a default project (drizzle-kit's config is read by its CLI only).
        projectService: { allowDefaultProject: ["*.config.js", "vitest.config.ts", "drizzle.config.ts"] },
        tsconfigRootDir: process.cwd(),
      },
    },
    plugins: {
      "@eslint-community/eslint-comments": comments,
      taller: { rules: { "term-agreement": termAgreement, "fixed-term": fixedTerm } },
    },
    rules: {
      "taller/term-agreement": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // A `!` must say why it holds, in the disable comment's description.
      "@typescript-eslint/no-non-null-assertion": "error",
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      "@eslint-community/eslint-comments/no-unused-disable": "error",
      // Kept from the recommended set but too noisy where libraries type values as any (zod, drizzle internals).
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      // Functions handed around (form.register, router helpers) are written not to need `this`.
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // TanStack Router's control flow is `throw redirect(...)` / `throw notFound()`: allowed by type, nothing else.
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] }] },
      ],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from the app's validated env.ts." },
      ],
      // Prettier wraps code at 120; this holds comments there too. Literal texts stay whole so that a message
      // can be found by searching for it.
      "max-len": [
        "error",
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  // Plain JavaScript (configs, build and bench scripts) has no types to check.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  {
    files: [
      "**/env.ts",
      "**/*.config.ts",
      "**/test/**",
      "**/e2e/**",
      "**/*.test.ts",
      "**/cli/**",
      "**/bench/**",
      "tooling/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  // Tests and benches may assert what they just checked.
  {
    files: ["**/test/**", "**/e2e/**", "**/*.test.ts", "**/bench/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);

/** Per-package boundary configs, picked by each package's eslint.config.js. */
export const boundaries = {
  core: [
    { files: ["src/**"], rules: layer([], "core is the shared vocabulary: it imports no other package of ours.") },
    // The default terms themselves, and the operators' vocabulary.
    companyWords(["src/terms.ts", "src/manager.ts"]),
  ],
  /** The server app: its PDFs, mails and refusals reach the company's users too. */
  server: [companyWords()],
  db: [{ files: ["src/**"], rules: layer(["core"], "db imports only @taller/core.") }],
  trpc: [{ files: ["src/**"], rules: layer(["core", "db"], "trpc imports only @taller/core and @taller/db.") }],
  /** A domain that imports no other domain. */
  domain: domainLayer(null),
  /**
   * The operators' domain (manager): imports only the owners in OPERATOR_DOMAINS, and serves every company in the
   * product's words.
   */
  operators: domainLayer("manager").filter((config) => !config.rules["taller/fixed-term"]),
  /** A domain listed in DOMAIN_ORDER, by its package name without the scope. */
  domainOf: domainLayer,
  web: [
    { files: ["src/**"], rules: webImports([]) },
    {
      // A table may be wider than its place: it scrolls inside its own box, never the page (ui/scroll-table.tsx).
      files: ["src/**/*.tsx"],
      ignores: ["src/ui/scroll-table.tsx"],
      rules: { "no-restricted-syntax": ["error", BARE_TABLE] },
    },
    {
      // A screen's button row is FormFooter's (error, 'Cancelar', submit) or a Dialog's `actions`, never its own copy.
      files: ["src/features/**/*.tsx"],
      rules: { "no-restricted-syntax": ["error", BARE_TABLE, OWN_ACTIONS_ROW] },
    },
    // The operators' screens (manager) serve every company and keep the product's own words.
    companyWords(["src/features/manager*/**"]),
    {
      files: ["src/features/**"],
      rules: webImports([
        {
          // "../orders/order-rows" from features/vehicles: reach another feature through its index only, or its
          // lazy entry ("../orders/lazy"), which loads the feature's parts on demand without the index's code.
          regex: "^\\.\\./[^./][^/]*/(?!lazy$).+",
          message:
            'Web features do not reach into each other: import another feature\'s index ("../orders") or its lazy entry ("../orders/lazy").',
        },
      ]),
    },
  ],
};
