// The app side of the lists' contains-search. Rows carry a `search_text` column folded by the SQL function
// search_fold() (migration 0003_order_triggers); a search term is folded here with the same table, so that
// "gonzalez", "GONZÁLEZ" and "González" all find "González".

const FOLD_FROM = "abcdefghijklmnopqrstuvwxyzáéíóúüñÁÉÍÓÚÜÑ";
const FOLD_TO = "ABCDEFGHIJKLMNOPQRSTUVWXYZAEIOUUNAEIOUUN";
const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));

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
