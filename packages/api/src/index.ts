import { adminRouter } from "@taller/admin";
import { analyticsRouter } from "@taller/analytics";
import { accountRouter, authRouter } from "@taller/auth";
import { calendarRouter } from "@taller/calendar";
import { chatRouter } from "@taller/chat";
import { bookingRouter } from "@taller/booking";
import { budgetsRouter } from "@taller/budgets";
import { companyRouter } from "@taller/company";
import { crmRouter } from "@taller/crm";
import { inventoryRouter } from "@taller/inventory";
import { invoicingRouter } from "@taller/invoicing";
import { managerRouter } from "@taller/manager";
import { ordersRouter } from "@taller/orders";
import { providerRouter } from "@taller/provider";
import { paymentsRouter } from "@taller/payments";
import { pushRouter } from "@taller/push";
import { messagingRouter } from "@taller/messaging";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createCallerFactory, router } from "@taller/trpc";
import { vehiclesRouter } from "@taller/vehicles";
import { workpointRouter } from "@taller/workpoint";

/** The app router: every domain router, merged. The web app imports its type only. */
export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  company: companyRouter,
  calendar: calendarRouter,
  orders: ordersRouter,
  vehicles: vehiclesRouter,
  inventory: inventoryRouter,
  booking: bookingRouter,
  chat: chatRouter,
  push: pushRouter,
  messaging: messagingRouter,
  crm: crmRouter,
  workpoint: workpointRouter,
  budgets: budgetsRouter,
  provider: providerRouter,
  manager: managerRouter,
  payments: paymentsRouter,
  admin: adminRouter,
  analytics: analyticsRouter,
  invoicing: invoicingRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
