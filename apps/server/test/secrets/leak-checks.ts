/**
 * Values no test secret shares a 4-character run with any hex or base64 text that a stored row,
 * a dump or an answer holds by chance: each 4-character window has a character outside base64.
 */
export const DISTINCT_VALUES = {
  DB_PASSWORD: "Zq#9-Wx!kL%p&Rv*2u",
  API_KEY: "Hk!@mP#x$Lw%q^Zn&",
  MULTI_LINE: "a~b!c#d\ne$f%g^h\ni&j*k(l",
} as const;

/** Every substring of `value` at least 4 characters long that `text` holds, and whether it holds its base64. */
export function leaksOf(text: string, value: string): string[] {
  const found: string[] = [];
  // As it is, and as JSON writes it (a line break as \n).
  for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) {
    for (let start = 0; start + 4 <= form.length; start++) {
      const window = form.slice(start, start + 4);
      if (text.includes(window)) found.push(window);
    }
  }
  const base64 = Buffer.from(value).toString("base64");
  if (text.includes(base64) || text.includes(base64.replace(/=+$/, ""))) found.push(`base64:${base64}`);
  const hex = Buffer.from(value).toString("hex");
  if (text.includes(hex)) found.push(`hex:${hex}`);
  return found;
}
