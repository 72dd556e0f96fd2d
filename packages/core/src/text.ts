// Small string chores done by hand in linear time. The regexes they replace (/\/+$/, /\B(?=(\d{3})+$)/g) try every
// start position and scan to the end from each: quadratic on a long run of the same character, on the event loop.

/** `value` without the characters of `chars` at its end: trimEndOf("https://a.cl//", "/") is "https://a.cl". */
export function trimEndOf(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value.charAt(end - 1))) end--;
  return value.slice(0, end);
}

/** Digits grouped by thousands with `separator`: groupThousands("1234567", ".") is "1.234.567". */
export function groupThousands(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(separator);
}
