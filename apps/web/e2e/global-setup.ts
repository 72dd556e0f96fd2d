import { E2E_SCALE_ORDERS, startServer } from "./server";

/** One server for the whole run; tests read its address from E2E_BASE_URL (see playwright.config.ts). */
export default async function globalSetup() {
  const server = await startServer({ scaleOrders: E2E_SCALE_ORDERS });
  process.env.E2E_BASE_URL = server.url;
  return () => server.dispose();
}
