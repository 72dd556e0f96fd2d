// Vocabulary every paged list shares, server and web.

/** Rows per page of an infinite-scroll list. */
export const PAGE_SIZE = 50;

/**
 * Counts stop here: a search matching more answers this many with `total_capped`, and screens say 'más de 10.000'.
 * Counting further would read every match (a one-letter search at a million orders) to print a number nobody reads.
 */
export const COUNT_CAP = 10_000;

/** How a (possibly capped) total reads on screen: "1.234" or "más de 10.000". */
export function totalText(total: number, capped: boolean, format: (n: number) => string): string {
  return capped ? `más de ${format(total)}` : format(total);
}
