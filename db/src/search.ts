// The app side of the lists' contains-search. Rows carry a `search_text` column folded by the SQL function
// search_fold() (migration 0003_order_triggers); a search term is folded here with the same table, so that
// "gonzalez", "GONZÁLEZ" and "González" all find "González".

import { sql, type SQL } from "drizzle-orm";

const FOLD_FROM = "abcdefghijklmnopqrstuvwxyzáéíóúüñÁÉÍÓÚÜÑ";
const FOLD_TO = "ABCDEFGHIJKLMNOPQRSTUVWXYZAEIOUUNAEIOUUN";
const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO.charAt(i)]));

/** Same result as the SQL search_fold(): ASCII upper-cased, Spanish accents dropped, everything else kept. */
export function searchFold(text: string): string {
  let out = "";
  for (const ch of text) out += FOLD.get(ch) ?? ch;
  return out;
}

// "12.345.678-5", "12345678-k", "12.345.678": digits grouped by dots and/or a check digit after a hyphen.
const RUT_LIKE = /^(?:\d{1,3}(?:\.\d{3})+(?:-[\dkK])?|\d{1,9}-[\dkK])$/;

/**
 * The LIKE pattern for a contains-search, or null when there is nothing to search. A RUT typed with dots or a
 * hyphen is reduced to its bare digits, which every row's search text also carries; LIKE wildcards in the term
 * match themselves.
 */
export function containsPattern(term: string | null | undefined): string | null {
  const trimmed = (term ?? "").trim().replace(/\s+/g, " ");
  if (!trimmed) return null;
  const normalized = RUT_LIKE.test(trimmed) ? trimmed.replace(/[.-]/g, "") : trimmed;
  return `%${searchFold(normalized).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Terms shorter than this have no trigram of their own: they match the start of a word instead. */
const TRIGRAM = 3;

/** A parsed list search: a contains-pattern for the trigram index, or a word prefix of one or two characters. */
export type SearchTerm = { kind: "contains"; pattern: string } | { kind: "prefix"; prefix: string };

/** The search a list runs for what the user typed, or null when there is nothing to search. */
export function searchTerm(term: string | null | undefined): SearchTerm | null {
  const pattern = containsPattern(term);
  if (pattern === null) return null;
  const folded = searchFold((term ?? "").trim());
  return [...folded].length < TRIGRAM && !folded.includes(" ")
    ? { kind: "prefix", prefix: folded }
    : { kind: "contains", pattern };
}

/**
 * The regular expression for "a word of the search text starts with `prefix`": words are what spaces separate, and
 * a word's leading '#'s may be left out ("1" finds "#123"; "#1" only "#1…"). ASCII punctuation is escaped, so the
 * term is matched literally. pg_trgm reads this pattern's word-start trigrams ("  a", " ab") from the same GIN index
 * as a contains-search, so short terms need no index of their own.
 */
export function wordStartPattern(prefix: string): string {
  // Only ASCII punctuation: every regex metacharacter is one, and a backslash before some other characters (a
  // combining mark the database's locale counts as alphanumeric) would be an invalid escape.
  const literal = prefix.replace(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, "\\$&");
  return `(^| )${prefix.startsWith("#") ? "" : "#*"}${literal}`;
}

/**
 * The condition for a search over a table with `search_text` (alias given as `prefix`, e.g. "v."), both served by
 * its trigram index: LIKE for three characters and more, a word's start (wordStartPattern) below that.
 */
export function searchCondition(search: SearchTerm | null, prefix = ""): SQL {
  if (!search) return sql`true`;
  return search.kind === "contains"
    ? sql`${sql.raw(prefix)}search_text LIKE ${search.pattern}`
    : sql`${sql.raw(prefix)}search_text ~ ${wordStartPattern(search.prefix)}`;
}
