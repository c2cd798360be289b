import { findPage } from "@flowdeck/shared/permissions/pages";
import type { UIMatch } from "react-router";

/** What a route outside the shared pages table declares (`handle`) to name its page. */
export type PageHandle = { title: string };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as PageHandle).title === "string";
}

/**
 * The page's name for the document title: the pages table's label, or the title a nested page
 * (a run, a run history) declares on its route.
 */
export function pageTitle(pathname: string, matches: UIMatch[]): string | undefined {
  const declared = matches.findLast((match) => isPageHandle(match.handle))?.handle;
  return findPage(pathname)?.label ?? (isPageHandle(declared) ? declared.title : undefined);
}
