import { createElement, useState, type ComponentType } from "react";
import { lazyNamed } from "@/lib/lazy-named.ts";

/** A page component loaded on first render, whose code can be fetched ahead with `preload`. */
export type LazyPage = { Component: ComponentType; preload: () => Promise<unknown> };

/**
 * A page from a module with a named export, loaded on first render (the shell shows a skeleton
 * meanwhile). `preload` starts the same fetch earlier, as the app starts on the page's URL; a page
 * whose code has arrived renders at once, without suspending (React holds a suspended page's
 * content back for up to 300 ms after its fallback shows).
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return module;
    }));
  const Lazy = lazyNamed(preload, name);
  function Component() {
    // Chosen once per mount: switching from the lazy wrapper to the page would remount it.
    const [Page] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Page);
  }
  return { Component, preload };
}

/**
 * A route whose component loads when the route is first matched. The router waits for it before
 * rendering, so no fallback flashes; the first screen loads only the code it shows.
 */
export function lazyRoute<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}
