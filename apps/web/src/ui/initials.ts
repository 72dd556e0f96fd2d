/** Up to two initials of a name, for avatars and logos without a picture ("Ana María Pérez" -> "AM"). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}
