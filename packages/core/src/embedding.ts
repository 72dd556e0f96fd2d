/**
 * Embedding rules of the booking add-on (seed 000 sections 2.2 and 5): a company lists the sites that may show its
 * booking page in a frame as space-separated patterns where dots are literal and `*` is a wildcard. The server turns
 * them into a `Content-Security-Policy: frame-ancestors` header; the web app checks its parent origin against them.
 */
import { trimEndOf } from "./text";

/** The patterns of a company's `booking_addon.allowed_domains` string. */
export function parseAllowedDomains(allowedDomains: string): string[] {
  return allowedDomains.split(/\s+/).filter((p) => p.length > 0);
}

const hasScheme = (pattern: string) => pattern.includes("://");

/**
 * True when `origin` (e.g. "https://shop.example.cl") matches `pattern`. A pattern with a scheme is matched against
 * the whole origin; without one, against the host (with the port when the pattern names one). The match is anchored
 * so that "example.cl" never matches "example.cl.evil.com".
 */
export function originMatchesPattern(origin: string, pattern: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const clean = trimEndOf(pattern, "/");
  if (!clean) return false;
  const target = hasScheme(clean) ? url.origin : /:[\d*]+$/.test(clean) ? url.host : url.hostname;
  return wildcardMatch(clean.toLowerCase(), target.toLowerCase());
}

/**
 * Whether `text` is `pattern` with each `*` standing for any characters. Each piece between stars is taken at its
 * first place after the previous one: for stars alone that is enough, and it stays linear where a regex of `.*`s
 * backtracks polynomially (a pattern "*a*a*a*a*b" against a long origin of a's).
 */
function wildcardMatch(pattern: string, text: string): boolean {
  const [first = "", ...rest] = pattern.split("*");
  const last = rest.pop();
  if (last === undefined) return text === first;
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const piece of rest) {
    const found = text.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return text.endsWith(last);
}

/** True when `origin` matches any of the patterns. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => originMatchesPattern(origin, p));
}

// CSP host-source: [scheme "://"] ("*" | ["*."] host) [":" (port | "*")]. Only these characters may reach the header,
// which also keeps a pattern from smuggling other directives into it.
const CSP_HOST_SOURCE = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?:\d{1,5}|\*))?$/i;

/**
 * The CSP source for a pattern, or null when CSP cannot express it (a wildcard anywhere but as the whole host or
 * its leftmost label, or characters a host cannot have).
 */
export function patternToCspSource(pattern: string): string | null {
  const clean = trimEndOf(pattern, "/");
  return CSP_HOST_SOURCE.test(clean) ? clean.toLowerCase() : null;
}

/**
 * The `frame-ancestors` sources for a page that these patterns may frame: 'self' plus every pattern CSP can express.
 * A pattern CSP cannot express (e.g. "tienda*.cl") is honoured for the origin that asked for the frame, when the
 * browser told it (the Referer of the frame request), so it still works for that parent without opening to others.
 */
export function frameAncestorSources(patterns: readonly string[], requestingOrigin?: string | null): string[] {
  const sources = new Set<string>(["'self'"]);
  for (const pattern of patterns) {
    const source = patternToCspSource(pattern);
    if (source) sources.add(source);
    else if (requestingOrigin && originMatchesPattern(requestingOrigin, pattern)) {
      sources.add(new URL(requestingOrigin).origin);
    }
  }
  return [...sources];
}
