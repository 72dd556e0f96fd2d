/**
 * Route components, each loaded with its route (code splitting): the login page downloads neither the shell nor
 * any screen behind it.
 */
import { lazyRouteComponent } from "@tanstack/react-router";

const statusPages = () => import("../features/status/status-pages");

export const LoginPage = lazyRouteComponent(() => import("../features/auth/login-page"), "LoginPage");
export const MainShell = lazyRouteComponent(() => import("../features/shell/main-shell"), "MainShell");
export const SettingsPage = lazyRouteComponent(() => import("../features/settings/settings-page"), "SettingsPage");
export const OrdersPage = lazyRouteComponent(() => import("../features/orders/orders-page"), "OrdersPage");
export const ReceptionPage = lazyRouteComponent(() => import("../features/reception/reception-page"), "ReceptionPage");
export const OrderDetailPage = lazyRouteComponent(() => import("../features/orders/order-detail"), "OrderDetailPage");
const budgetPages = () => import("../features/budgets/pages");
export const BudgetsPage = lazyRouteComponent(budgetPages, "BudgetsPage");
export const BudgetDetailPage = lazyRouteComponent(budgetPages, "BudgetDetailPage");
export const CalendarPage = lazyRouteComponent(() => import("../features/calendar/calendar-page"), "CalendarPage");
export const VehiclesPage = lazyRouteComponent(() => import("../features/vehicles/vehicles-page"), "VehiclesPage");
export const VehiclePage = lazyRouteComponent(() => import("../features/vehicles/vehicle-page"), "VehiclePage");
const inventoryPages = () => import("../features/inventory");
export const ProductsPage = lazyRouteComponent(inventoryPages, "ProductsPage");
export const ProductPage = lazyRouteComponent(inventoryPages, "ProductPage");
export const InventoryActionsPage = lazyRouteComponent(inventoryPages, "ActionsPage");
export const PricingsPage = lazyRouteComponent(inventoryPages, "PricingsPage");
export const InventoryActionPage = lazyRouteComponent(inventoryPages, "ActionPage");
const bookingPublic = () => import("../features/booking-public");
export const ClientBookingPage = lazyRouteComponent(bookingPublic, "ClientBookingPage");
export const CrmBookingPage = lazyRouteComponent(bookingPublic, "CrmBookingPage");
const bookingPages = () => import("../features/booking/pages");
export const AgendaPage = lazyRouteComponent(bookingPages, "AgendaPage");
export const BookingDetailPage = lazyRouteComponent(bookingPages, "BookingDetailPage");
export const AnalyticsPage = lazyRouteComponent(() => import("../features/analytics/analytics-page"), "AnalyticsPage");
export const CrmPage = lazyRouteComponent(() => {
  // The area's page loads its screens itself once rendered; asked for with it, they arrive a round trip sooner. A
  // failed load shows there.
  void import("../features/crm/crm-screens").catch(() => undefined);
  return import("../features/crm/crm-page");
}, "CrmPage");
export const ForbiddenPage = lazyRouteComponent(statusPages, "ForbiddenPage");
export const NotFoundPage = lazyRouteComponent(statusPages, "NotFoundPage");
export const IframeRejectedPage = lazyRouteComponent(statusPages, "IframeRejectedPage");
/** Screens whose issue has not landed yet: a plain "Próximamente". */
export const ComingSoonPage = lazyRouteComponent(statusPages, "ComingSoonPage");
const workPages = () => import("../features/work/pages");
export const WorksPage = lazyRouteComponent(workPages, "WorksPage");
export const WorkDetailPage = lazyRouteComponent(workPages, "WorkDetailPage");
const workpointPages = () => import("../features/workpoint");
export const KioskLoginPage = lazyRouteComponent(workpointPages, "KioskLoginPage");
export const KioskUnauthorizedPage = lazyRouteComponent(workpointPages, "KioskUnauthorizedPage");
export const KioskWorksPage = lazyRouteComponent(workpointPages, "KioskWorksPage");
export const WorkpointDevicesPage = lazyRouteComponent(workpointPages, "WorkpointDevicesPage");
export const ZipPage = lazyRouteComponent(() => import("../features/zip/zip-page"), "ZipPage");
const providerPages = () => import("../features/provider-public");
export const ProviderPricingPage = lazyRouteComponent(providerPages, "ProviderPricingPage");
export const ProviderBuyOrderPage = lazyRouteComponent(providerPages, "ProviderBuyOrderPage");
const managerPages = () => import("../features/manager");
export const ManagerLoginPage = lazyRouteComponent(managerPages, "ManagerLoginPage");
export const ManagerShell = lazyRouteComponent(managerPages, "ManagerShell");
export const ManagerDatabasePage = lazyRouteComponent(managerPages, "ManagerDatabasePage");
export const ManagerWhatsappPage = lazyRouteComponent(() => import("../features/manager-whatsapp"), "WhatsappScreen");
const invoicingPages = () => import("../features/invoicing/pages");
export const InvoicesPage = lazyRouteComponent(invoicingPages, "InvoicesPage");
export const InvoicePage = lazyRouteComponent(invoicingPages, "InvoicePage");
export const PaymentsPage = lazyRouteComponent(() => import("../features/payments/payments-page"), "PaymentsPage");
export const ClientPaymentPage = lazyRouteComponent(
  () => import("../features/payments/client-payment-page"),
  "ClientPaymentPage",
);
// Each administration page is a chunk of its own: most hold a form, and one chunk for all seven carried every form.
export const AdminUsersPage = lazyRouteComponent(() => import("../features/admin/users-page"), "AdminUsersPage");
export const AdminRolesPage = lazyRouteComponent(() => import("../features/admin/roles-page"), "AdminRolesPage");
export const AdminLocationsPage = lazyRouteComponent(
  () => import("../features/admin/locations-page"),
  "AdminLocationsPage",
);
export const AdminHolidaysPage = lazyRouteComponent(
  () => import("../features/admin/holidays-page"),
  "AdminHolidaysPage",
);
export const AdminStatusesPage = lazyRouteComponent(
  () => import("../features/admin/statuses-page"),
  "AdminStatusesPage",
);
export const AdminRequirementsPage = lazyRouteComponent(
  () => import("../features/admin/requirements-page"),
  "AdminRequirementsPage",
);
export const AdminPreferencesPage = lazyRouteComponent(
  () => import("../features/admin/preferences-page"),
  "AdminPreferencesPage",
);
export const InvitationPage = lazyRouteComponent(() => import("../features/auth/invitation-page"), "InvitationPage");
