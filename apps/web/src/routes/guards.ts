/**
 * Route guards, run in `beforeLoad` (seed 000 section 6). They read through the query cache, so moving between
 * pages does not ask the server again.
 */
import type { Resource } from "@taller/core";
import { permissionChecker } from "@taller/core";
import { redirect } from "@tanstack/react-router";
import { errorCode } from "../lib/api";
import { managerToken } from "../lib/manager-token";
import { setWorkpointToken } from "../lib/workpoint-token";
import type { RouterContext } from "./router";

/**
 * The logged-in staff member and the company setup, loaded together (one batched request). Without a session the
 * user is sent to "/" (which leads to the login); a company in work-point mode sends its screens to the kiosk login.
 */
export async function requireStaff({ api, loadDataLayer }: RouterContext) {
  const { trpcUtils } = await loadDataLayer();
  // A first visit (nothing cached yet) may be a signed-out one, whose auth.me and company.setup answer 401. Asking
  // auth.signedIn in the same batch (the batch link sends the calls of one task together) makes that batch's answer
  // a 207 (one call answered, two refused) instead of a 401, which the browser would log as a console error.
  if (trpcUtils.auth.me.getData() === undefined) void api.auth.signedIn.query().catch(() => false);
  try {
    const [me, setup] = await Promise.all([trpcUtils.auth.me.ensureData(), trpcUtils.company.setup.ensureData()]);
    if (setup.company.workpoint_mode) throw redirect({ to: "/workpoint/login" });
    // One source of grants for guards and screens (useCan): the company setup, loaded once per session.
    return { me, setup, can: permissionChecker(setup.permissions) };
  } catch (error) {
    if (errorCode(error) === "UNAUTHORIZED") throw redirect({ to: "/" });
    throw error;
  }
}

/** Role guard: entry needs read permission on the route's resource. */
export function requireRead(can: ReturnType<typeof permissionChecker>, resource: Resource) {
  if (!can("read", resource)) throw redirect({ to: "/forbidden" });
}

/**
 * The kiosk link's `token` query parameter is kept in this browser (lib/workpoint-token.ts) and taken out of the
 * address, so it stays out of the history and of anyone's screenshot.
 */
export function storeWorkpointToken({ location }: { location: { pathname: string; search: Record<string, unknown> } }) {
  const token = location.search.token;
  if (typeof token !== "string" || token.length === 0) return;
  setWorkpointToken(token);
  throw redirect({ href: location.pathname });
}

/**
 * The work-point area needs a device token the server knows, else the unauthorized page (seed 000 section 6); gives
 * whoever entered their code on it, or null. Both are asked in one batch (the batch link sends the
 * calls of one task together): the device check answers, so a device with nobody in gets a 207 (one call answered,
 * one refused) instead of kiosk.me's 401, which the browser would log as a console error.
 */
export async function kioskUserOfDevice({ api }: RouterContext) {
  const [check, user] = await Promise.all([
    api.workpoint.kiosk.check.query().catch(() => ({ ok: false as const })),
    api.workpoint.kiosk.me.query().catch(() => null),
  ]);
  if (!check.ok) throw redirect({ to: "/workpoint/unauthorized" });
  return user;
}

/** Work-point main needs the user who entered their code on this device; otherwise the kiosk login. */
export async function requireKioskUser(context: RouterContext) {
  const user = await kioskUserOfDevice(context);
  if (!user) throw redirect({ to: "/workpoint/login" });
  return { kioskUser: user };
}

/**
 * Re-authentication (seed 002 section 4.5): the server checks the HttpOnly cookie, and the manager_token hint is
 * kept in step with its answer. The server is asked even without the hint: a browser may lose a localStorage write
 * made just before leaving the page (Chromium saves them asynchronously), and the cookie, not the hint, is the session.
 */
async function reauthenticate(api: RouterContext["api"]) {
  const operator = await api.manager.auth.me.query().catch(() => null);
  managerToken.set(operator?.email ?? null);
  return operator;
}

/** The operator area needs an operator session; without one the login follows. */
export async function requireManager({ api }: RouterContext) {
  const operator = await reauthenticate(api);
  if (!operator) throw redirect({ to: "/manager/login" });
  return { operator };
}

/** The operator login: an operator whose session is still live goes in (seed 002 section 2.7). */
export async function skipManagerLogin({ api }: RouterContext) {
  if (await reauthenticate(api)) throw redirect({ to: "/manager/main" });
}
