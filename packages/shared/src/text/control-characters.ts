// C0 controls (NUL, CR, LF, tab and the rest below U+0020) and DEL.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/**
 * Whether a name holds a control character. Names are one line of text shown to other people and
 * written into mail: a line break in one forges lines of its own (issue 27).
 */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** A name as one line: each run of control characters becomes a space (for names stored before the check). */
export function oneLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ");
}
