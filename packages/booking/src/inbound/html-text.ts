// The text of an HTML-only mail, enough for the layout's "Label: value" lines: block ends become line breaks, tags
// go, entities are decoded. Not a renderer: the layout needs lines, not looks.
const NAMED: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntity(entity: string): string {
  if (entity.startsWith("#x") || entity.startsWith("#X")) return safeCodePoint(Number.parseInt(entity.slice(2), 16));
  if (entity.startsWith("#")) return safeCodePoint(Number.parseInt(entity.slice(1), 10));
  // Spanish letters written as &aacute; &ntilde; &Uacute; …: the letter plus its combining mark.
  const letter = /^([aeiouAEIOUnN])(acute|tilde|uml)$/.exec(entity);
  if (letter?.[1] && letter[2])
    return `${letter[1]}${{ acute: "\u0301", tilde: "\u0303", uml: "\u0308" }[letter[2]]}`.normalize("NFC");
  return NAMED[entity] ?? `&${entity};`;
}

const safeCodePoint = (n: number) =>
  Number.isInteger(n) && n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : "";

/** Blocks whose content is not text, and tags whose end (or the tag itself, for br) ends a line or a cell. */
const SKIPPED = new Set(["script", "style", "head"]);
const LINE_ENDS = new Set([
  "/p",
  "/div",
  "/li",
  "/tr",
  "/h1",
  "/h2",
  "/h3",
  "/h4",
  "/h5",
  "/h6",
  "/table",
  "/ul",
  "/ol",
]);
const CELL_ENDS = new Set(["/td", "/th"]);
/** A tag's name with its '/' for an end tag ("/p", "br"), and what follows it up to the '>'. */
const TAG = /^(\/?[a-z][a-z\d]*)((?:[^a-z\d].*)?)$/s;

/**
 * The first `</name` + spaces + `>` at or after `from` in `lower` (the mail in lower case), as [start, end], or null.
 * Each answer is remembered with where its search began: the next search for the same name, which begins later,
 * reuses it while it lies ahead, so a mail of many unclosed `<script>`s is searched once, not once per tag.
 */
function closer(lower: string, name: string, from: number, seen: Map<string, [number, number, number] | null>) {
  const known = seen.get(name);
  if (known === null) return null;
  if (known && known[0] <= from && known[1] >= from) return [known[1], known[2]] as const;
  let at = from;
  for (;;) {
    const start = lower.indexOf(`</${name}`, at);
    if (start < 0) {
      seen.set(name, null);
      return null;
    }
    let end = start + name.length + 2;
    while (end < lower.length && /\s/.test(lower.charAt(end))) end++;
    if (lower.charAt(end) === ">") {
      seen.set(name, [from, start, end + 1]);
      return [start, end + 1] as const;
    }
    at = start + 1;
  }
}

/**
 * One pass over the mail, tag by tag with indexOf: the chain of regexes it replaces scanned to the end of the mail
 * from every '<' that no '>' closed (and from every unclosed '<script'), quadratic on the event loop.
 */
export function htmlToText(html: string): string {
  // ASCII only: toLowerCase can change a string's length ("İ"), and positions in `lower` must be positions in `html`.
  const lower = html.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  const seen = new Map<string, [number, number, number] | null>();
  const out: string[] = [];
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf("<", i);
    const close = open < 0 ? -1 : html.indexOf(">", open + 1);
    if (close < 0) {
      out.push(html.slice(i));
      break;
    }
    out.push(html.slice(i, open));
    i = close + 1;
    const tag = TAG.exec(lower.slice(open + 1, close));
    const name = tag?.[1] ?? "";
    const rest = tag?.[2] ?? "";
    if (SKIPPED.has(name) && !/^\w/.test(rest)) {
      const end = closer(lower, name, i, seen);
      if (end) i = end[1];
    } else if (name === "br" && /^\s*\/?$/.test(rest)) out.push("\n");
    else if (LINE_ENDS.has(name) && /^\s*$/.test(rest)) out.push("\n");
    else if (CELL_ENDS.has(name) && /^\s*$/.test(rest)) out.push(" ");
  }
  return out
    .join("")
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (_, e: string) => decodeEntity(e))
    .replace(/[ \t\u00a0]+/g, " ")
    .split("\n")
    .map((line) => line.slice(line.startsWith(" ") ? 1 : 0, line.endsWith(" ") ? -1 : undefined))
    .join("\n")
    .trim();
}
