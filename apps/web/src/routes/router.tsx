/**
 * The URL map of seed 000 section 2.1 and the children of main (seed 002 section 2.1), with their redirects and
 * guards. Pages load lazily (see pages.ts). A page's toolbar title is its `staticData.title`.
 *
 * To put a real screen behind a route that shows ComingSoonPage, give it its own lazy component in pages.ts.
 */
import type { Resource } from "@taller/core";
import {
  type AnyRoute,
  type AnyValidator,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import type { PageTitle } from "../features/shell/navigation";
import { framingAllowed } from "../lib/embedding";
import { managerToken } from "../lib/manager-token";
import { type Api, api, errorCode, loadDataLayer, onSessionLost, resetSessionState } from "../lib/api";
import type { Prefetch } from "../lib/prefetch";
import { PageLoader } from "../ui/spinner";
import {
  kioskUserOfDevice,
  requireKioskUser,
  requireManager,
  requireRead,
  requireStaff,
  skipManagerLogin,
  storeWorkpointToken,
} from "./guards";
import {
  AdminPreferencesPage,
  AdminRequirementsPage,
  AdminStatusesPage,
  AdminUsersPage,
  AdminRolesPage,
  AdminLocationsPage,
  AdminHolidaysPage,
  AgendaPage,
  AnalyticsPage,
  BookingDetailPage,
  BudgetDetailPage,
  BudgetsPage,
  CalendarPage,
  ClientBookingPage,
  ComingSoonPage,
  CrmBookingPage,
  CrmPage,
  ForbiddenPage,
  IframeRejectedPage,
  InvitationPage,
  LoginPage,
  MainShell,
  ManagerDatabasePage,
  ManagerWhatsappPage,
  ManagerLoginPage,
  ManagerShell,
  NotFoundPage,
  OrderDetailPage,
  OrdersPage,
  InventoryActionPage,
  InventoryActionsPage,
  PricingsPage,
  ProductPage,
  ProductsPage,
  ReceptionPage,
  ProviderBuyOrderPage,
  ProviderPricingPage,
  PaymentsPage,
  InvoicesPage,
  InvoicePage,
  ClientPaymentPage,
  SettingsPage,
  VehiclesPage,
  VehiclePage,
  KioskLoginPage,
  KioskUnauthorizedPage,
  KioskWorksPage,
  WorkDetailPage,
  WorkpointDevicesPage,
  WorksPage,
  ZipPage,
} from "./pages";
import * as loaders from "./prefetch";
import { RouteError, ShellError } from "./route-error";
import {
  analyticsSearch,
  bookingSearch,
  calendarSearch,
  invoicesSearch,
  listSearch,
  crmSearch,
  ordersSearch,
  paymentsSearch,
  clientBookingSearch,
  mainSearch,
  providerSearch,
  tokenSearch,
  vehiclesSearch,
} from "./search";

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    title?: PageTitle;
    /** The module of the page's loader (lib/prefetch.ts), loaded with the shell's and the page's code. */
    prefetch?: () => Promise<unknown>;
  }
}

/**
 * What every route's `beforeLoad` and loader receive: the API client, and `loadDataLayer()` for the query client and
 * its cached queries (loaded on first use, so the login does not download them). The staff area adds the session
 * (`me`, `setup` and the permission check `can`, see requireStaff) for the routes under /main.
 */
export interface RouterContext {
  api: Api;
  loadDataLayer: typeof loadDataLayer;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  beforeLoad: async ({ location }) => {
    if (location.pathname === "/iframe-rejected") return;
    if (!(await framingAllowed(location.pathname, new URLSearchParams(location.searchStr)))) {
      throw redirect({ to: "/iframe-rejected" });
    }
  },
});

const to = (path: string) => () => {
  throw redirect({ to: path });
};
/** A redirect that keeps the query string (the booking links carry their crm_token in it). */
const toKeepingSearch =
  (path: string) =>
  ({ location }: { location: { searchStr: string } }) => {
    throw redirect({ href: `${path}${location.searchStr}` });
  };

/** A page under `parent` (typed paths keep every Link and redirect checked against this map). */
function page<TParent extends AnyRoute, const TPath extends string, TSearch extends AnyValidator = undefined>(
  parent: () => TParent,
  path: TPath,
  component = ComingSoonPage,
  validateSearch?: TSearch,
) {
  return createRoute({ getParentRoute: parent, path, component, validateSearch });
}
const root = () => rootRoute;

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", beforeLoad: to("/login") });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "login",
  component: LoginPage,
  // Someone already logged in goes straight into the app. Asked with auth.signedIn, not auth.me: a visitor's "not
  // logged in" is the expected answer here, and auth.me's 401 would be a console error on every visit.
  beforeLoad: async ({ context }) => {
    if (await context.api.auth.signedIn.query().catch(() => false)) throw redirect({ to: "/main" });
  },
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "admin",
  beforeLoad: async ({ context }) => requireRead((await requireStaff(context)).can, "manager"),
});
const adminIndexRoute = createRoute({ getParentRoute: () => adminRoute, path: "/", component: AdminUsersPage });
/** The invited user's password page: public, the link's token is the credential. */
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "invitation",
  component: InvitationPage,
  validateSearch: tokenSearch,
});
const adminWorkpointsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "workpoints",
  component: WorkpointDevicesPage,
});
const adminRolesRoute = createRoute({ getParentRoute: () => adminRoute, path: "roles", component: AdminRolesPage });
const adminLocationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "locations",
  component: AdminLocationsPage,
});
const adminHolidaysRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "holidays",
  component: AdminHolidaysPage,
});
const adminStatusesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "statuses",
  component: AdminStatusesPage,
});
const adminRequirementsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "requirements",
  component: AdminRequirementsPage,
});
const adminPreferencesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "preferences",
  component: AdminPreferencesPage,
});

const bookingAddonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "booking-addon",
  beforeLoad: toKeepingSearch("/client/booking"),
});

const clientRoute = createRoute({ getParentRoute: () => rootRoute, path: "client" });
const client = () => clientRoute;
/** The client's booking pages (features/booking-public), opened with ?crm_token=. */
const clientBookingPage = <const TPath extends string>(path: TPath, component: typeof ClientBookingPage) =>
  createRoute({ getParentRoute: client, path, component, validateSearch: clientBookingSearch });
const clientPages = [
  clientBookingPage("booking", ClientBookingPage),
  page(client, "order"),
  page(client, "notification"),
  page(client, "confirm"),
  page(client, "payment", ClientPaymentPage, tokenSearch),
  page(client, "budget"),
  page(client, "analytics"),
  clientBookingPage("crm/booking", CrmBookingPage),
];
const clientIndexRoute = createRoute({
  getParentRoute: () => clientRoute,
  path: "/",
  beforeLoad: toKeepingSearch("/client/booking"),
});
const clientOtherRoute = createRoute({
  getParentRoute: () => clientRoute,
  path: "$",
  beforeLoad: toKeepingSearch("/client/booking"),
});

const forbiddenRoute = page(root, "forbidden", ForbiddenPage);
const iframeRejectedRoute = page(root, "iframe-rejected", IframeRejectedPage);
const notFoundRoute = page(root, "not-found", NotFoundPage);

// Operator area (seed 002 section 2.7). A new child screen: a page here and an entry in features/manager/menu.ts.
const managerRoute = createRoute({ getParentRoute: () => rootRoute, path: "manager" });
const managerLoginRoute = createRoute({
  getParentRoute: () => managerRoute,
  path: "login",
  component: ManagerLoginPage,
  beforeLoad: ({ context }) => skipManagerLogin(context),
});
const managerMainRoute = createRoute({
  getParentRoute: () => managerRoute,
  path: "main",
  beforeLoad: ({ context }) => requireManager(context),
  component: ManagerShell,
  pendingComponent: () => <PageLoader label="Cargando…" />,
  pendingMs: 200,
  errorComponent: ShellError,
});
const managerPages = [
  page(() => managerMainRoute, "database", ManagerDatabasePage),
  page(() => managerMainRoute, "whatsapp", ManagerWhatsappPage),
];
const managerMainIndexRoute = createRoute({
  getParentRoute: () => managerMainRoute,
  path: "/",
  beforeLoad: to("/manager/main/database"),
});
const managerMainOtherRoute = createRoute({
  getParentRoute: () => managerMainRoute,
  path: "$",
  beforeLoad: to("/manager/main/database"),
});
const managerIndexRoute = createRoute({
  getParentRoute: () => managerRoute,
  path: "/",
  beforeLoad: to("/manager/login"),
});
const managerOtherRoute = createRoute({
  getParentRoute: () => managerRoute,
  path: "$",
  beforeLoad: to("/manager/login"),
});

const providerRoute = createRoute({ getParentRoute: () => rootRoute, path: "provider" });
/** The supplier's pages (features/provider-public), opened with ?access_token=. */
const providerPages = [
  page(() => providerRoute, "pricing", ProviderPricingPage, providerSearch),
  page(() => providerRoute, "buy-order", ProviderBuyOrderPage, providerSearch),
];

// Work-point kiosk (seed 000 sections 2.1, 2.9 and 6): the link's token is stored (and taken out of the address);
// every page but 'unauthorized' needs a device the server knows; main needs the kiosk user.
const workpointRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "workpoint",
  beforeLoad: storeWorkpointToken,
});
const workpointLoginRoute = createRoute({
  getParentRoute: () => workpointRoute,
  path: "login",
  component: KioskLoginPage,
  beforeLoad: async ({ context }) => {
    // Someone already in at this kiosk goes to the works.
    if (await kioskUserOfDevice(context)) throw redirect({ to: "/workpoint/main/works" });
  },
});
const workpointUnauthorizedRoute = createRoute({
  getParentRoute: () => workpointRoute,
  path: "unauthorized",
  component: KioskUnauthorizedPage,
});
const workpointMainRoute = createRoute({
  getParentRoute: () => workpointRoute,
  path: "main",
  beforeLoad: ({ context }) => requireKioskUser(context),
});
const workpointWorksRoute = createRoute({
  getParentRoute: () => workpointMainRoute,
  path: "works",
  component: KioskWorksPage,
});
const workpointMainIndexRoute = createRoute({
  getParentRoute: () => workpointMainRoute,
  path: "/",
  beforeLoad: to("/workpoint/main/works"),
});
const workpointMainOtherRoute = createRoute({
  getParentRoute: () => workpointMainRoute,
  path: "$",
  beforeLoad: to("/workpoint/main/works"),
});
const workpointIndexRoute = createRoute({
  getParentRoute: () => workpointRoute,
  path: "/",
  beforeLoad: to("/workpoint/login"),
});
const workpointOtherRoute = createRoute({
  getParentRoute: () => workpointRoute,
  path: "$",
  beforeLoad: to("/workpoint/login"),
});

const zipRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "zip/$model/$id",
  validateSearch: tokenSearch,
  beforeLoad: async ({ params, context }) => {
    if (params.model !== "budget" && params.model !== "order") throw redirect({ to: "/not-found" });
    // An order's pictures need a staff session (read check_in, checked by the server); a budget's, its link's token.
    if (params.model === "order") await requireStaff(context);
  },
  component: ZipPage,
});

const otherRoute = createRoute({ getParentRoute: () => rootRoute, path: "$", beforeLoad: to("/not-found") });

// The staff area. Its loader is the shell's: nothing renders until the user and company setup are in.
const mainRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "main",
  beforeLoad: ({ context, matches }) => {
    loadChunksOf(matches);
    return requireStaff(context);
  },
  component: MainShell,
  validateSearch: mainSearch,
  pendingComponent: () => <PageLoader label="Cargando empresa…" />,
  // Show the loader only when loading is slow enough to be noticed, so quick page changes do not flash it.
  pendingMs: 200,
  errorComponent: ShellError,
});

/** What a route's `validateSearch` gives: the page's query string as its screen reads it. */
type SearchOf<TSearch> = TSearch extends (input: never) => infer R ? R : Record<string, never>;

/**
 * A page of the staff area; `resource` is the role guard (read permission), absent for pages open to all staff;
 * `validateSearch` the query string it accepts (routes/search.ts); `prefetch` its loader's module (routes/prefetch.ts).
 */
function mainPage<const TPath extends string, TSearch extends AnyValidator = undefined>(
  path: TPath,
  title: PageTitle,
  resource: Resource | null,
  component = ComingSoonPage,
  validateSearch?: TSearch,
  prefetch?: () => Promise<{ prefetch: Prefetch<SearchOf<TSearch>> }>,
) {
  return createRoute({
    getParentRoute: () => mainRoute,
    path,
    staticData: { title, prefetch },
    validateSearch: validateSearch as TSearch,
    beforeLoad: ({ context }) => {
      if (resource) requireRead(context.can, resource);
    },
    // Not awaited: the screen renders as soon as its code is in and shows its own loading state meanwhile. Only on
    // entering the page (or its preload): a change of its query string is the screen's own to fetch.
    loader: prefetch
      ? ({ context, location, params, cause }) => {
          if (cause === "stay") return;
          const search = (validateSearch as ((input: unknown) => SearchOf<TSearch>) | undefined)?.(location.search);
          void Promise.all([prefetch(), context.loadDataLayer()])
            .then(([m, { trpcUtils }]) =>
              m.prefetch({ ...context, utils: trpcUtils, search: search ?? ({} as never), params }),
            )
            .catch(() => undefined);
        }
      : undefined,
    component,
  });
}

const mainPages = [
  mainPage("analytics", { module: "analytic" }, "analytics", AnalyticsPage, analyticsSearch, loaders.analytics),
  mainPage("booking", { module: "booking" }, "booking", AgendaPage, bookingSearch, loaders.booking),
  mainPage("bookings/$id", { module: "booking" }, "booking", BookingDetailPage),
  mainPage("budgets", { module: "budget" }, null, BudgetsPage, listSearch, loaders.budgets),
  mainPage("budgets/$id", { module: "budget" }, null, BudgetDetailPage),
  mainPage("calendar", { module: "calendar" }, "event", CalendarPage, calendarSearch, loaders.calendar),
  mainPage("checkin", { module: "checkin" }, "check_in", ReceptionPage, undefined, loaders.reception),
  // The CRM area reads its own route table from the splat (features/crm/crm-routes.ts).
  mainPage("crm", { module: "crm" }, "crm", CrmPage, crmSearch, loaders.crm),
  mainPage("crm/$", { module: "crm" }, "crm", CrmPage, crmSearch, loaders.crm),
  mainPage("folders", { text: "Carpetas" }, null),
  mainPage(
    "inventory/products",
    { module: "inventory" },
    "inventory_action",
    ProductsPage,
    listSearch,
    loaders.inventory,
  ),
  mainPage("inventory/products/$id", { text: "Producto" }, "inventory_action", ProductPage),
  mainPage(
    "inventory/actions",
    { text: "Acciones de inventario" },
    "inventory_action",
    InventoryActionsPage,
    listSearch,
  ),
  mainPage("inventory/pricings", { text: "Cotizaciones" }, "inventory_action", PricingsPage, listSearch),
  // Open to every user of the company (the server checks the company only).
  mainPage("inventory-actions/$id", { module: "inventory" }, null, InventoryActionPage),
  mainPage("invoices", { module: "invoicing" }, "invoice", InvoicesPage, invoicesSearch, loaders.invoices),
  mainPage("invoices/$id", { module: "invoicing" }, "invoice", InvoicePage),
  mainPage("orders", { module: "order" }, "check_in", OrdersPage, ordersSearch, loaders.orders),
  mainPage("orders/$id", { term: "order", form: "singular" }, "check_in", OrderDetailPage),
  mainPage("payments", { text: "Cobros" }, "payment", PaymentsPage, paymentsSearch, loaders.payments),
  mainPage("roles", { text: "Roles" }, "role"),
  mainPage("shares", { module: "shares" }, "shares"),
  mainPage("settings", { text: "Mi Perfil" }, null, SettingsPage),
  mainPage("vehicles", { module: "object" }, "vehicle", VehiclesPage, vehiclesSearch, loaders.vehicles),
  mainPage("vehicles/$id", { term: "object", form: "singular" }, "vehicle", VehiclePage),
  mainPage("work", { module: "pending_works" }, "work", WorksPage, undefined, loaders.works),
  mainPage("work/$id", { module: "pending_works" }, "work", WorkDetailPage),
];
const mainIndexRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: "/",
  beforeLoad: async ({ context, search }) => {
    // With the shell's code: the login does not need it.
    const { homePath } = await import("../features/shell/navigation");
    // A chat named in the link (a push notification's /main?chat=<id>) opens over the home page.
    throw redirect({
      to: homePath(context.setup.company.preferences, context.can, hasScreen),
      search: { chat: search.chat },
    });
  },
});
const mainOtherRoute = createRoute({ getParentRoute: () => mainRoute, path: "$", beforeLoad: to("/not-found") });
// Inventory's bare path and any other path under it show the products (issue 25).
const inventoryRoutes = ["inventory", "inventory/$"].map((path) =>
  createRoute({ getParentRoute: () => mainRoute, path, beforeLoad: to("/main/inventory/products") }),
);

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    adminWorkpointsRoute,
    adminRolesRoute,
    adminLocationsRoute,
    adminHolidaysRoute,
    adminStatusesRoute,
    adminRequirementsRoute,
    adminPreferencesRoute,
  ]),
  invitationRoute,
  bookingAddonRoute,
  clientRoute.addChildren([...clientPages, clientIndexRoute, clientOtherRoute]),
  forbiddenRoute,
  iframeRejectedRoute,
  notFoundRoute,
  mainRoute.addChildren([...mainPages, ...inventoryRoutes, mainIndexRoute, mainOtherRoute]),
  managerRoute.addChildren([
    managerLoginRoute,
    managerMainRoute.addChildren([...managerPages, managerMainIndexRoute, managerMainOtherRoute]),
    managerIndexRoute,
    managerOtherRoute,
  ]),
  providerRoute.addChildren(providerPages),
  workpointRoute.addChildren([
    workpointLoginRoute,
    workpointUnauthorizedRoute,
    workpointMainRoute.addChildren([workpointWorksRoute, workpointMainIndexRoute, workpointMainOtherRoute]),
    workpointIndexRoute,
    workpointOtherRoute,
  ]),
  zipRoute,
  otherRoute,
]);

export const router = createRouter({
  routeTree,
  context: { api, loadDataLayer },
  defaultPendingComponent: () => <PageLoader />,
  // A loader, once shown, goes as soon as the page is ready: the router's default kept it 500 ms at least, so a first
  // visit whose session check outlasted `pendingMs` showed its content a third of a second late.
  defaultPendingMinMs: 0,
  defaultErrorComponent: RouteError,
  defaultPreload: "intent",
  scrollRestoration: true,
});

/**
 * Starts loading the code of the shell, the page and the page's loader while the session and company setup load: the
 * router would otherwise ask for them only after the guard's answer, one wait after the other.
 */
function loadChunksOf(matches: readonly { routeId: string }[]): void {
  for (const match of matches) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId];
    if (!route) continue;
    // A chunk that fails to load fails again, visibly, when the router loads the route (or its loader) itself.
    void router.loadRouteChunk(route)?.catch(() => undefined);
    void route.options.staticData?.prefetch?.().catch(() => undefined);
  }
}

/** Whether a path of this map shows its own screen, not 'Próximamente': the menu lists only those. */
export function hasScreen(path: string): boolean {
  const route = (router.routesByPath as Record<string, AnyRoute | undefined>)[path];
  return route !== undefined && route.options.component !== ComingSoonPage;
}

/** The staff area shows the login again when the server forgets the session (logout elsewhere, password change). */
onSessionLost(() => {
  const shown = router.state.resolvedLocation?.pathname ?? "";
  // An operator whose session ended (seed 002 section 4.5): the hint goes and the operator login follows.
  if (shown.startsWith("/manager/main")) {
    managerToken.set(null);
    void router.navigate({ to: "/manager/login" }).then(resetSessionState);
    return;
  }
  if (!shown.startsWith("/main") && !shown.startsWith("/admin")) return;
  void router.navigate({ to: "/login" }).then(resetSessionState);
});

/** Ends the session here and on the server, then shows the login. */
export async function logout() {
  await api.auth.logout.mutate().catch((error: unknown) => {
    // Already logged out on the server: nothing left to end.
    if (errorCode(error) !== "UNAUTHORIZED") throw error;
  });
  await router.navigate({ to: "/login" });
  await resetSessionState();
}
