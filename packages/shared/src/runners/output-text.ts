/** NUL, and a UTF-16 surrogate without its partner (what an invalid byte sequence can leave). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A command's output as text any database and browser takes, whatever bytes it held: each NUL
 * and each lone surrogate becomes U+FFFD, the mark a UTF-8 decoder already puts where a byte was
 * not valid UTF-8. The runner applies it to what it reads, the server to every batch it stores.
 */
export function storableOutput(text: string): string {
  return text.replace(UNSTORABLE, "\uFFFD");
}
