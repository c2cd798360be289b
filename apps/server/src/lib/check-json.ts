import { MESSAGES } from "@flowdeck/shared";

/** No Flowdeck request body is nested deeper than this; deeper is an attack or a mistake. */
export const MAX_JSON_DEPTH = 32;

/** Walks a parsed value without recursion; returns what is wrong with it, if anything. */
export function checkJson(value: unknown, options: { nulAllowed?: boolean } = {}): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === "string") {
      if (!options.nulAllowed && current.includes("\u0000")) return MESSAGES.invalidValue;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return MESSAGES.invalidRequest;
    for (const [key, item] of Object.entries(current)) {
      if (key.includes("\u0000")) return MESSAGES.invalidValue;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}
