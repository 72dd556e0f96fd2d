/**
 * Screens whose route's loader asks for their first data while their code loads (lib/prefetch.ts); each module is
 * loaded with its route's first visit, beside the screen's own code.
 */
export const analytics = () => import("../features/analytics/prefetch");
export const booking = () => import("../features/booking/prefetch");
export const budgets = () => import("../features/budgets/prefetch");
export const calendar = () => import("../features/calendar/prefetch");
export const crm = () => import("../features/crm/prefetch");
export const inventory = () => import("../features/inventory/prefetch");
export const invoices = () => import("../features/invoicing/prefetch");
export const orders = () => import("../features/orders/prefetch");
export const payments = () => import("../features/payments/prefetch");
export const reception = () => import("../features/reception/prefetch");
export const vehicles = () => import("../features/vehicles/prefetch");
export const works = () => import("../features/work/prefetch");
