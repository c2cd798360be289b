import type { ComponentType } from "react";

/** How a route loads its component on first match (React Router's `lazy`). */
export type LazyRoute = () => Promise<{ Component: ComponentType }>;

/**
 * A route whose component loads when the route is first matched. The router waits for it before
 * rendering, so no fallback flashes; the first screen loads only the code it shows.
 */
export function lazyRoute<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyRoute {
  return async () => ({ Component: (await load())[name] });
}
