// Every domain's tenancy and bad-input cases (each package's "./test-cases" export), by app-router path.
import { adminCases } from "@taller/admin/test-cases";
import { analyticsCases } from "@taller/analytics/test-cases";
import { accountCases, authCases } from "@taller/auth/test-cases";
import { calendarCases } from "@taller/calendar/test-cases";
import { chatCases } from "@taller/chat/test-cases";
import { bookingCases } from "@taller/booking/test-cases";
import { budgetsCases } from "@taller/budgets/test-cases";
import { companyCases } from "@taller/company/test-cases";
import { crmCases } from "@taller/crm/test-cases";
import { inventoryCases } from "@taller/inventory/test-cases";
import { invoicingCases } from "@taller/invoicing/test-cases";
import { managerCases } from "@taller/manager/test-cases";
import { ordersCases } from "@taller/orders/test-cases";
import { providerCases } from "@taller/provider/test-cases";
import { paymentsCases } from "@taller/payments/test-cases";
import { pushCases } from "@taller/push/test-cases";
import { messagingCases } from "@taller/messaging/test-cases";
import type { ProcedureCase } from "@taller/trpc/testing";
import { vehiclesCases } from "@taller/vehicles/test-cases";
import { workpointCases } from "@taller/workpoint/test-cases";
import type { AppRouter } from "../src";

/** The same keys as the app router: a domain router mounted without its cases does not compile. */
const byRouter = {
  auth: authCases,
  account: accountCases,
  company: companyCases,
  calendar: calendarCases,
  orders: ordersCases,
  vehicles: vehiclesCases,
  inventory: inventoryCases,
  booking: bookingCases,
  chat: chatCases,
  push: pushCases,
  messaging: messagingCases,
  crm: crmCases,
  workpoint: workpointCases,
  budgets: budgetsCases,
  provider: providerCases,
  manager: managerCases,
  payments: paymentsCases,
  admin: adminCases,
  analytics: analyticsCases,
  invoicing: invoicingCases,
} satisfies { [router in keyof AppRouter["_def"]["record"]]: Record<string, ProcedureCase> };

/** "orders.list" -> its case. tenancy.test.ts fails for a procedure missing here, whatever the types say. */
export const procedureCases: Record<string, ProcedureCase> = Object.fromEntries(
  Object.entries(byRouter).flatMap(([router, cases]) =>
    Object.entries(cases as Record<string, ProcedureCase>).map(([name, c]) => [`${router}.${name}`, c]),
  ),
);
