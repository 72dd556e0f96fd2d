/**
 * The value, or an error that names what was missing. For values the code's own data guarantees (the row an insert
 * returned, a status the seed wrote, a DOM root in index.html): when the guarantee breaks, the log says which one,
 * instead of a `TypeError` on `undefined` further on. Not for user input: that is validated with a Spanish message.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing ${what}`);
  return value;
}
