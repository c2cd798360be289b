import type { ImportError } from "@flowdeck/shared/import-export/schemas";
import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { findRunAfterLoop } from "@flowdeck/shared/workflows/run-after";
import type { OrganizationState } from "./organization-state.ts";

/**
 * The organization's "run after" chains as an import leaves them (decision 073), by workflow name:
 * a loop the file would make is refused on its line before anything is applied, and the file's
 * workflows are applied in an order where each is saved after the workflows it runs after.
 */

/** A workflow of the file: what it runs after, by name, or undefined when the file leaves `runAfter` out. */
export type FileChain = { name: string; follows: readonly string[] | undefined; line: number };

/** Whom each workflow runs after once the file is applied: the file's list where it gives one, else the organization's. */
export function chainsAfterImport(state: OrganizationState, file: readonly FileChain[]): Map<string, string[]> {
  const follows = new Map(
    [...state.workflows].map(([name, stored]) => [name, stored.form.runAfter.map((entry) => entry.workflow)]),
  );
  for (const chain of file) if (chain.follows) follows.set(chain.name, [...chain.follows]);
  return follows;
}

/** Each loop the file would make, once, on the line of the first of its workflows the file lists. */
export function loopErrors(follows: ReadonlyMap<string, readonly string[]>, file: readonly FileChain[]): ImportError[] {
  const reported = new Set<string>();
  return file.flatMap((chain) => {
    if (!chain.follows?.length) return [];
    const loop = findRunAfterLoop(follows, chain.name);
    const key = loop && [...loop].sort().join("\n");
    if (!loop || !key || reported.has(key)) return [];
    reported.add(key);
    return [{ line: chain.line, message: RUN_AFTER_MESSAGES.loop(loop) }];
  });
}

/**
 * `items` with each workflow after the workflows it runs after, through the whole chain as the
 * import leaves it, so a run-after names a workflow that exists when it is saved and no save on the
 * way makes a loop that the end result does not have. Items with no name (commands, rules) stay
 * where they are.
 */
export function followedFirst<T>(
  items: readonly T[],
  nameOf: (item: T) => string | undefined,
  follows: ReadonlyMap<string, readonly string[]>,
): T[] {
  const byName = new Map(items.flatMap((item) => (nameOf(item) === undefined ? [] : [[nameOf(item)!, item]])));
  const order: T[] = [];
  const visited = new Set<string>();
  const visit = (name: string) => {
    // Marked before its chain is walked: a loop, refused before applying, cannot recurse for ever.
    if (visited.has(name)) return;
    visited.add(name);
    for (const next of follows.get(name) ?? []) visit(next);
    const item = byName.get(name);
    if (item) order.push(item);
  };
  for (const item of items) {
    const name = nameOf(item);
    if (name === undefined) order.push(item);
    else visit(name);
  }
  return order;
}
