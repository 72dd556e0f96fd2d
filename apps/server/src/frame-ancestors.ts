import type { IncomingMessage } from "node:http";
import { frameAncestorSources, parseAllowedDomains, trimEndOf } from "@taller/core";
import type { Db } from "@taller/db";
import { companies } from "@taller/db";
import { findDocumentToken } from "@taller/trpc";
import { eq } from "drizzle-orm";
import type { FrameAncestors } from "./static";

/** The booking add-on pages (seed 000 section 2.1): the only ones another site may frame. */
const BOOKING_ADDON_PAGES = new Set(["/booking-addon", "/client/booking"]);

function refererOrigin(req: IncomingMessage): string | null {
  try {
    return req.headers.referer ? new URL(req.headers.referer).origin : null;
  } catch {
    return null;
  }
}

/**
 * frame-ancestors for an HTML response (seed 000 section 2.2): 'self' everywhere; on the booking add-on pages, also
 * the allowed domains of the company whose `crm_token` is in the query.
 */
export function bookingAddonFrameAncestors(db: Db): FrameAncestors {
  return async (req) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const token = url.searchParams.get("crm_token");
    const path = trimEndOf(url.pathname, "/");
    if (!token || !BOOKING_ADDON_PAGES.has(path)) return "'self'";
    const doc = await findDocumentToken(db, "crm_token", token);
    if (!doc) return "'self'";
    const [company] = await db
      .select({ preferences: companies.preferences })
      .from(companies)
      .where(eq(companies.id, doc.companyId))
      .limit(1);
    const patterns = parseAllowedDomains(company?.preferences.booking_addon.allowed_domains ?? "");
    return frameAncestorSources(patterns, refererOrigin(req)).join(" ");
  };
}
