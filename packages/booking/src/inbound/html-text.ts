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

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6]|table|ul|ol)\s*>/gi, "\n")
    .replace(/<\/t[dh]\s*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (_, e: string) => decodeEntity(e))
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}
