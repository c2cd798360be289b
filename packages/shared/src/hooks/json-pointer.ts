/**
 * JSON Pointer (RFC 6901): "" is the whole document, "/a/b" walks object keys and array indexes,
 * "~1" stands for "/" and "~0" for "~". Only own properties are followed, so "/__proto__" or
 * "/constructor" find nothing that the document does not hold itself.
 */

/** What a pointer found: the value, or that there is none. */
export type PointerResult = { found: true; value: unknown } | { found: false };

export const JSON_POINTER_PATTERN = /^(\/([^~]|~[01])*)*$/;

export function isJsonPointer(pointer: string): boolean {
  return JSON_POINTER_PATTERN.test(pointer);
}

export function resolvePointer(document: unknown, pointer: string): PointerResult {
  if (!isJsonPointer(pointer)) return { found: false };
  if (pointer === "") return { found: true, value: document };
  let current: unknown = document;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      // An index is digits without a leading zero ("-", the end of the array, names nothing).
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return { found: false };
      const index = Number(token);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else if (current !== null && typeof current === "object") {
      if (!Object.hasOwn(current, token)) return { found: false };
      current = (current as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
