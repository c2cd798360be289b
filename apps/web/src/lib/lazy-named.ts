import { lazy, type ComponentType } from "react";

/**
 * A component loaded on first render from a module with a named export: pages, and dialogs and
 * forms a screen shows only on demand, so they stay out of its first load.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }));
}
