import { formatFileSize } from "@flowdeck/shared/documents/file-types";
import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { Download, User } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { previewUrl } from "../api/document-keys.ts";
import { PreviewImage } from "./preview-image.tsx";
import { DocumentActions, type DocumentHandlers } from "./document-actions.tsx";
import { DocumentTags } from "./document-tags.tsx";
import { FileIcon } from "./file-icon.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { categoryLabel } from "./format.ts";

/** Spec 2 "Documents" card: icon, title, file name, actions, preview, description, tags and facts. */
export function DocumentCard({
  orgId,
  document,
  ...handlers
}: DocumentHandlers & { orgId: string; document: DocumentItem }) {
  const titleId = `document-${document.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex items-start gap-3 p-4 pb-3">
        <FileIcon fileClass={document.fileClass} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm font-semibold text-gray-900 dark:text-gray-100">
            <button
              type="button"
              onClick={() => handlers.onOpen(document)}
              className="line-clamp-2 text-left wrap-anywhere hover:text-indigo-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-indigo-400"
            >
              {document.title}
            </button>
          </h2>
          <p className="truncate text-xs text-gray-500 dark:text-gray-400" title={document.fileName}>
            {document.fileName}
          </p>
        </div>
        <DocumentActions document={document} {...handlers} />
      </div>

      {document.previewable && (
        // A mouse shortcut to the details; keyboard and screen-reader users have the title button.
        <div
          onClick={() => handlers.onOpen(document)}
          className="mx-4 mb-3 cursor-pointer overflow-hidden rounded-md bg-gray-100 dark:bg-gray-800"
        >
          <PreviewImage
            src={previewUrl(orgId, document.id, document.version)}
            alt={`Preview of ${document.title}`}
            loading="lazy"
            className="h-36 w-full object-cover"
          />
        </div>
      )}

      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        {document.description && (
          <p className="line-clamp-2 text-sm wrap-anywhere text-gray-600 dark:text-gray-300">{document.description}</p>
        )}
        <DocumentTags tags={document.tags} />
        <div className="mt-auto space-y-2 border-t border-gray-100 pt-3 text-xs text-gray-500 dark:border-gray-800 dark:text-gray-400">
          <div className="flex items-center justify-between gap-2">
            <Badge color="blue">{categoryLabel(document.category)}</Badge>
            <span>{formatFileSize(document.fileSize)}</span>
          </div>
          <div className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1" title="Uploaded by">
              <User aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{document.uploadedBy?.name ?? "Unknown"}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1">
              <Download aria-hidden="true" className="size-3.5" />
              <span>
                {document.downloadCount} <span className="sr-only">downloads</span>
              </span>
            </span>
          </div>
          <p>
            <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
            {document.version > 1 && <span> · Version {document.version}</span>}
          </p>
        </div>
      </div>
    </article>
  );
}
