import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { Download, Trash2 } from "lucide-react";

const ICON_BUTTON =
  "rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-50 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100";

export type DocumentHandlers = {
  onOpen: (document: DocumentItem) => void;
  onDownload: (document: DocumentItem) => void;
  /** Absent for viewers: only editors and above delete. */
  onDelete?: (document: DocumentItem) => void;
  downloadingId?: string | null;
};

/** Download for everyone, delete for editors and above; each names its document for screen readers. */
export function DocumentActions({
  document,
  onDownload,
  onDelete,
  downloadingId,
}: DocumentHandlers & { document: DocumentItem }) {
  return (
    <div className="flex shrink-0 items-center">
      <button
        type="button"
        onClick={() => onDownload(document)}
        disabled={downloadingId === document.id}
        aria-label={`Download ${document.title}`}
        title="Download"
        className={ICON_BUTTON}
      >
        <Download aria-hidden="true" className="size-4" />
      </button>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(document)}
          aria-label={`Delete ${document.title}`}
          title="Delete"
          className={`${ICON_BUTTON} hover:text-red-600 dark:hover:text-red-400`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
