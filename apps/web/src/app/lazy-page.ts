import { lazy, type ComponentType } from "react";

/** A page component loaded on first use from a module with a named export. */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A route whose component loads when the route is first matched. The router waits for it before
 * rendering, so no fallback flashes; the first screen loads only the code it shows.
 */
export function lazyRoute<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}
