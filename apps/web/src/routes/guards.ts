/**
 * Route guards, run in `beforeLoad` (seed 000 section 6). They read through the query cache, so moving between
 * pages does not ask the server again.
 */
import type { Resource } from "@taller/core";
import { permissionChecker } from "@taller/core";
import { redirect } from "@tanstack/react-router";
import { errorCode } from "../lib/api";
import type { RouterContext } from "./router";

/**
 * The logged-in staff member and the company setup, loaded together (one batched request). Without a session the
 * user is sent to "/" (which leads to the login); a company in work-point mode sends its screens to the kiosk login.
 */
export async function requireStaff({ loadDataLayer }: RouterContext) {
  const { trpcUtils } = await loadDataLayer();
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
