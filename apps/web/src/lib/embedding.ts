/**
 * May this page be shown in the frame it is in (seed 000 section 2.2)? Yes when not framed or framed by the same
 * host; on the booking add-on pages also when the parent matches the company's allowed domains. The server's
 * frame-ancestors header already makes browsers refuse other parents; this check covers what the header cannot
 * (a proxy that drops it, the development server) by sending the app to /iframe-rejected.
 */
import { originAllowed, parseAllowedDomains, trimEndOf } from "@taller/core";
import { api } from "./api";

const BOOKING_ADDON_PAGES = ["/booking-addon", "/client/booking"];

function urlOf(value: string | null): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

/** The parent's origin as the browser reports it, or null when it does not say. */
function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  return urlOf(document.referrer)?.origin ?? null;
}

function parentIsSameHost(): boolean {
  try {
    // Reading the parent's location only works when it is same-origin.
    return window.parent.location.host === window.location.host;
  } catch {
    return urlOf(parentOrigin())?.host === window.location.host;
  }
}

let addonVerdict: Promise<boolean> | null = null;

export async function framingAllowed(pathname: string, search: URLSearchParams): Promise<boolean> {
  if (window.top === window.self || parentIsSameHost()) return true;
  if (!BOOKING_ADDON_PAGES.includes(trimEndOf(pathname, "/"))) return false;
  // Asked once per page load: neither the parent nor the company's list changes under a running page.
  return (addonVerdict ??= allowedByBookingAddon(search.get("crm_token")));
}

async function allowedByBookingAddon(token: string | null): Promise<boolean> {
  const origin = parentOrigin();
  if (!origin || !token) return false;
  const addon = await api.company.bookingAddon.query({ token }).catch(() => null);
  return addon !== null && originAllowed(origin, parseAllowedDomains(addon.allowed_domains));
}
