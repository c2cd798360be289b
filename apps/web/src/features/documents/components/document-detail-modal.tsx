import { fileClassOf, formatFileSize } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { DocumentDetail, DocumentItem } from "@flowdeck/shared/documents/schemas";
import { Download, Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { previewUrl } from "../api/document-keys.ts";
import { PreviewImage } from "./preview-image.tsx";
import type { DownloadTarget } from "../api/download-document.ts";
import { useDocument } from "../api/get-document.ts";
import { DocumentTags } from "./document-tags.tsx";
import { EditDocumentForm } from "./edit-document-form.tsx";
import { FileIcon } from "./file-icon.tsx";
import { categoryLabel, relativeTime } from "./format.ts";
import { NewVersionForm } from "./new-version-form.tsx";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";

type DocumentDetailModalProps = {
  orgId: string;
  documentId: string | null;
  canEdit: boolean;
  onClose: () => void;
  onDownload: (target: DownloadTarget) => void;
  onDelete: (document: DocumentItem) => void;
  /** Shown at the top of the modal: the page's own message is behind the overlay meanwhile. */
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
};

/** One document: its preview, details, every version (each downloadable) and, for editors, changes. */
export function DocumentDetailModal({
  orgId,
  documentId,
  canEdit,
  onClose,
  notice,
  ...actions
}: DocumentDetailModalProps) {
  const { data, error, isPending } = useDocument(orgId, documentId);
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };

  let body: ReactNode;
  if (!documentId) body = null;
  else if (isPending) body = <SkeletonText lines={6} />;
  else if (error || !data)
    body = (
      <Alert tone="error">
        {error instanceof ApiError && error.status === 404 ? DOCUMENT_MESSAGES.notFound : DOCUMENT_MESSAGES.loadFailed}
      </Alert>
    );
  else if (editing)
    body = (
      <EditDocumentForm
        orgId={orgId}
        document={data}
        onDone={(saved) => {
          setEditing(false);
          if (saved) actions.onNotice({ tone: "success", text: DOCUMENT_MESSAGES.updated });
        }}
      />
    );
  else
    body = (
      <DocumentDetailBody
        orgId={orgId}
        document={data}
        canEdit={canEdit}
        onEdit={() => setEditing(true)}
        {...actions}
      />
    );

  return (
    <Modal
      open={documentId !== null}
      onClose={close}
      title={data?.title ?? "Document"}
      description={data?.fileName}
      size="2xl"
    >
      <NoticeAlert notice={notice} onDismiss={() => actions.onNotice(null)} className="mb-4" />
      {body}
    </Modal>
  );
}

function DocumentDetailBody({
  orgId,
  document,
  canEdit,
  onEdit,
  onDownload,
  onDelete,
  onNotice,
}: Omit<DocumentDetailModalProps, "documentId" | "onClose" | "notice"> & {
  document: DocumentDetail;
  onEdit: () => void;
}) {
  const facts: [string, ReactNode][] = [
    ["Category", categoryLabel(document.category)],
    ["Size", formatFileSize(document.fileSize)],
    ["Type", document.fileType],
    ["Version", document.version],
    ["Uploaded by", document.uploadedBy?.name ?? "Unknown"],
    ["Uploaded", formatDateTime(document.createdAt)],
    ["Downloads", document.downloadCount],
    ["Last downloaded", document.lastDownloaded ? relativeTime(document.lastDownloaded) : "Never"],
  ];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onDownload({ documentId: document.id, fileName: document.fileName })}>
          <Download aria-hidden="true" className="size-4" /> Download
        </Button>
        {canEdit && (
          <>
            <Button variant="secondary" onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" /> Edit details
            </Button>
            <Button variant="secondary" onClick={() => onDelete(document)} className="text-red-600 dark:text-red-400">
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </Button>
          </>
        )}
      </div>

      {document.previewable ? (
        <PreviewImage
          src={previewUrl(orgId, document.id, document.version)}
          alt={`Preview of ${document.title}`}
          className="max-h-72 w-full rounded-lg bg-gray-100 object-contain dark:bg-gray-800"
        />
      ) : null}

      {document.description && <p className="text-sm whitespace-pre-line">{document.description}</p>}
      <DocumentTags tags={document.tags} limit={document.tags.length} />

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
            <dd
              className="truncate font-medium text-gray-900 dark:text-gray-100"
              title={typeof value === "string" ? value : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="document-versions-heading" className="space-y-2">
        <h3 id="document-versions-heading" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
          Versions
        </h3>
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {document.versions.map((version) => (
            <li key={version.version} className="flex items-center gap-3 px-3 py-2">
              <FileIcon fileClass={fileClassOf(version.fileName)} className="size-8" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">
                  <span>Version {version.version}</span>
                  {version.version === document.version && (
                    <span className="ml-2 text-xs font-normal text-green-700 dark:text-green-400">current</span>
                  )}
                </p>
                <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                  {version.fileName} · {formatFileSize(version.fileSize)} · {version.uploadedBy?.name ?? "Unknown"} ·{" "}
                  {formatDateTime(version.createdAt)}
                </p>
              </div>
              <button
                type="button"
                onClick={() =>
                  onDownload({ documentId: document.id, fileName: version.fileName, version: version.version })
                }
                aria-label={`Download version ${version.version}`}
                className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
              >
                <Download aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      </section>

      {canEdit && (
        <section aria-labelledby="new-version-heading" className="space-y-2">
          <h3 id="new-version-heading" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
            Upload new version
          </h3>
          <NewVersionForm
            orgId={orgId}
            documentId={document.id}
            currentFileName={document.fileName}
            onUploaded={(updated) =>
              onNotice({ tone: "success", text: DOCUMENT_MESSAGES.versionUploaded(updated.version) })
            }
          />
        </section>
      )}
    </div>
  );
}
