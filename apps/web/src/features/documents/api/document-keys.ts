import type { DocumentCategory } from "@flowdeck/shared/documents/file-types";

export type DocumentListFilters = {
  cursor?: string;
  pageSize: number;
  q?: string;
  category?: DocumentCategory;
};

/**
 * Keys start with ["orgs", orgId, "document"]: the live-update hook invalidates that prefix when
 * the server announces a change, so every open list, detail and statistic refreshes.
 */
export const documentKeys = {
  all: (orgId: string) => ["orgs", orgId, "document"] as const,
  list: (orgId: string, filters: DocumentListFilters) => ["orgs", orgId, "document", "list", filters] as const,
  stats: (orgId: string) => ["orgs", orgId, "document", "stats"] as const,
  detail: (orgId: string, documentId: string) => ["orgs", orgId, "document", "detail", documentId] as const,
};

export function documentsPath(orgId: string, rest = ""): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/documents${rest}`;
}

export function documentPath(orgId: string, documentId: string, rest = ""): string {
  return documentsPath(orgId, `/${encodeURIComponent(documentId)}${rest}`);
}

/** The inline preview of a PNG, JPEG, GIF or WebP; the version makes a new file a new URL. */
export function previewUrl(orgId: string, documentId: string, version: number): string {
  return `${documentPath(orgId, documentId, "/preview")}?v=${version}`;
}
