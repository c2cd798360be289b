import type { DocumentCategory } from "@flowdeck/shared/documents/file-types";
import { orgKey, orgPath } from "@/lib/org-api.ts";

export type DocumentListFilters = {
  cursor?: string;
  pageSize: number;
  q?: string;
  category?: DocumentCategory;
};

/**
 * Keys start with orgKey(orgId, "document"): the live-update hook invalidates that prefix when
 * the server announces a change, so every open list, detail and statistic refreshes.
 */
export const documentKeys = {
  all: (orgId: string) => orgKey(orgId, "document"),
  list: (orgId: string, filters: DocumentListFilters) => orgKey(orgId, "document", "list", filters),
  stats: (orgId: string) => orgKey(orgId, "document", "stats"),
  detail: (orgId: string, documentId: string) => orgKey(orgId, "document", "detail", documentId),
};

export function documentsPath(orgId: string, rest = ""): string {
  return orgPath(orgId, `documents${rest}`);
}

export function documentPath(orgId: string, documentId: string, rest = ""): string {
  return documentsPath(orgId, `/${encodeURIComponent(documentId)}${rest}`);
}

/** The inline preview of a PNG, JPEG, GIF or WebP; the version makes a new file a new URL. */
export function previewUrl(orgId: string, documentId: string, version: number): string {
  return `${documentPath(orgId, documentId, "/preview")}?v=${version}`;
}
