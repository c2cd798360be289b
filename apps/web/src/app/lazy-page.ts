import { lazy, type ComponentType } from "react";

/** A page component loaded on first use from a module with a named export. */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
