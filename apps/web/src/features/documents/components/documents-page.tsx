import { can } from "@flowdeck/shared";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { PageSkeleton } from "@/components/ui/page-skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useViewMode } from "@/lib/use-view-mode.ts";
import { useDeleteDocument } from "../api/delete-document.ts";
import { useDownloadDocument, type DownloadTarget } from "../api/download-document.ts";
import { NoticeAlert, useNotice } from "@/components/ui/notice.tsx";
import { DocumentDetailModal } from "./document-detail-modal.tsx";
import { DocumentStatsRow } from "./document-stats.tsx";
import { DocumentsResults } from "./documents-results.tsx";
import { DocumentsToolbar } from "./documents-toolbar.tsx";
import { useDocumentsFilters } from "./documents-filters.ts";
import { UploadDocumentModal } from "./upload-document-modal.tsx";

/** /documents (spec 2): the organization's shared files. Viewers browse and download; editors change. */
export function DocumentsPage() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return <PageSkeleton />;
  // Keyed by organization: switching starts from a clean page.
  return (
    <OrganizationDocuments key={organization.id} orgId={organization.id} canEdit={can(role, "documents.update")} />
  );
}

function OrganizationDocuments({ orgId, canEdit }: { orgId: string; canEdit: boolean }) {
  const [filters, setFilters] = useDocumentsFilters();
  const [search, setSearch] = useState(filters.q);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const [view, setView] = useViewMode("flowdeck-documents-view");
  const [uploadOpen, setUploadOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<DocumentItem | null>(null);
  // Success messages fade after a while; errors stay until dismissed.
  const [notice, setNotice] = useNotice({ fade: true });
  const download = useDownloadDocument(orgId);
  const remove = useDeleteDocument(orgId);

  // The address may change by itself (back and forward buttons): the field follows it.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (filters.q !== search.trim()) setSearch(filters.q);
  }
  // Typing reaches the address (and the server) once it pauses.
  useEffect(() => {
    if (debouncedSearch !== filters.q && debouncedSearch === search.trim()) setFilters({ q: debouncedSearch });
  }, [debouncedSearch, search, filters.q, setFilters]);

  const startDownload = (target: DownloadTarget) => {
    download.mutate(target, {
      onError: () => setNotice({ tone: "error", text: DOCUMENT_MESSAGES.downloadFailed }),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        if (openId === toDelete.id) setOpenId(null);
        setToDelete(null);
        setNotice({ tone: "success", text: DOCUMENT_MESSAGES.deleted });
      },
      onError: (error) => {
        setToDelete(null);
        setNotice({ tone: "error", text: error.message });
      },
    });
  };

  const handlers = {
    onOpen: (document: DocumentItem) => setOpenId(document.id),
    onDownload: (document: DocumentItem) => startDownload({ documentId: document.id, fileName: document.fileName }),
    onDelete: canEdit ? setToDelete : undefined,
    downloadingId: download.isPending ? (download.variables?.documentId ?? null) : null,
  };
  const modalOpen = uploadOpen || openId !== null || toDelete !== null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Documents</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Your organization's shared files.</p>
        </div>
        {canEdit && (
          <Button onClick={() => setUploadOpen(true)}>
            <Upload aria-hidden="true" className="size-4" /> Upload document
          </Button>
        )}
      </div>

      {!modalOpen && <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />}

      <DocumentStatsRow orgId={orgId} />

      <DocumentsToolbar
        search={search}
        onSearch={setSearch}
        category={filters.category}
        onCategory={(category) => setFilters({ category })}
        view={view}
        onView={setView}
      />

      <DocumentsResults
        orgId={orgId}
        filters={filters}
        view={view}
        canEdit={canEdit}
        onUpload={() => setUploadOpen(true)}
        onClearFilters={() => {
          setSearch("");
          setFilters({ q: "", category: undefined });
        }}
        {...handlers}
      />

      {canEdit && (
        <UploadDocumentModal
          orgId={orgId}
          open={uploadOpen}
          onClose={() => setUploadOpen(false)}
          onUploaded={() => {
            setUploadOpen(false);
            setNotice({ tone: "success", text: DOCUMENT_MESSAGES.uploaded });
          }}
        />
      )}

      <DocumentDetailModal
        orgId={orgId}
        documentId={openId}
        canEdit={canEdit}
        onClose={() => {
          setOpenId(null);
          setNotice(null);
        }}
        onDownload={startDownload}
        onDelete={setToDelete}
        notice={toDelete ? null : notice}
        onNotice={setNotice}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete document"
        message={
          <>
            <p>{DOCUMENT_MESSAGES.confirmDelete}</p>
            {toDelete && (
              <p className="mt-2 text-gray-500 dark:text-gray-400">
                “{toDelete.title}” and all of its versions will be removed.
              </p>
            )}
          </>
        }
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
