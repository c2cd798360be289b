import { formatFileSize } from "@flowdeck/shared/documents/file-types";
import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { DocumentActions, type DocumentHandlers } from "./document-actions.tsx";
import { DocumentTags } from "./document-tags.tsx";
import { FileIcon } from "./file-icon.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { categoryLabel } from "./format.ts";

/** The list view: the card's facts in rows; less important columns give way on small screens. */
export function DocumentList({ documents, ...handlers }: DocumentHandlers & { documents: DocumentItem[] }) {
  const columns: DataTableColumn<DocumentItem>[] = [
    {
      key: "document",
      header: "Document",
      className: "min-w-48",
      cell: (document) => (
        <div className="flex items-center gap-3">
          <FileIcon fileClass={document.fileClass} className="size-9" />
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => handlers.onOpen(document)}
              className="block max-w-[11rem] truncate text-left sm:max-w-xs font-medium text-gray-900 hover:text-indigo-600 hover:underline dark:text-gray-100 dark:hover:text-indigo-400"
            >
              {document.title}
            </button>
            <p className="max-w-[11rem] truncate sm:max-w-xs text-xs text-gray-500 dark:text-gray-400">
              {document.fileName}
            </p>
            {document.tags.length > 0 && (
              <div className="mt-1">
                <DocumentTags tags={document.tags} />
              </div>
            )}
          </div>
        </div>
      ),
    },
    { key: "category", header: "Category", className: "hidden md:table-cell", cell: (d) => categoryLabel(d.category) },
    {
      key: "size",
      header: "Size",
      className: "hidden sm:table-cell whitespace-nowrap",
      cell: (d) => formatFileSize(d.fileSize),
    },
    {
      key: "downloads",
      header: "Downloads",
      className: "hidden lg:table-cell text-right",
      cell: (d) => d.downloadCount,
    },
    {
      key: "uploader",
      header: "Uploaded by",
      className: "hidden 2xl:table-cell",
      cell: (d) => <span className="block max-w-40 truncate">{d.uploadedBy?.name ?? "Unknown"}</span>,
    },
    {
      key: "date",
      header: "Date",
      className: "hidden md:table-cell whitespace-nowrap",
      cell: (d) => <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (document) => <DocumentActions document={document} {...handlers} />,
    },
  ];
  return <DataTable columns={columns} rows={documents} rowKey={(d) => d.id} />;
}
