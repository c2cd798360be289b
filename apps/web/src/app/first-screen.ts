import type { QueryClient } from "@tanstack/react-query";
import { meQueryOptions } from "@/lib/session/get-me.ts";
import { preloadPageAt, type AppRouter } from "./router.tsx";

/**
 * How long a drawn page waits for the session's answer before the app takes over anyway: a server
 * that does not answer gets the app's own loading and error screens.
 */
const SESSION_WAIT_MS = 3_000;

/** True when the HTML came with its page already drawn by the build (build/prerender.ts). */
export function hasPrerenderedScreen(): boolean {
  return document.querySelector("#root > [data-prerendered]") !== null;
}

/**
 * Resolves once the app's first render shows the page itself, not a skeleton over the drawn one:
 * the route's and the page's code have loaded and the question "who is signed in" has its answer.
 */
export async function firstScreenReady(router: AppRouter, queryClient: QueryClient): Promise<void> {
  const routeLoaded = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const sessionKnown = Promise.race([
    queryClient.fetchQuery(meQueryOptions).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS)),
  ]);
  // A page that fails to load is the router's to report, once the app shows.
  const pageLoaded = preloadPageAt(window.location.pathname).catch(() => undefined);
  await Promise.all([routeLoaded, pageLoaded, sessionKnown]);
}
