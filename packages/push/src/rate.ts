import { RateLimiter, TRPCError } from "@taller/trpc";

/**
 * A browser subscribes once per page load at most; 20 changes a minute per user is far above that and keeps a
 * script from churning device rows (per process: the limit is for abuse, not accounting).
 */
const limiter = new RateLimiter(20, 60_000);

export function limitSubscriptionChanges(userId: number): void {
  const waitMs = limiter.hit(String(userId));
  if (waitMs > 0) {
    throw new TRPCError({
      code: "TOO_MANY_REQUESTS",
      message: `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
    });
  }
}
