import { can, type Role } from "@flowdeck/shared";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { Plus } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useCursorPages, useLeaveEmptiedPage } from "@/lib/use-cursor-pages.ts";
import { useViewMode } from "@/lib/use-view-mode.ts";
import { useWorkflowStats } from "../api/get-workflow-stats.ts";
import { useWorkflows } from "../api/get-workflows.ts";
import { useWorkflowFilters } from "../lib/use-workflow-filters.ts";
import { WorkflowList } from "./workflow-list.tsx";
import { WorkflowStatCards } from "./workflow-stat-cards.tsx";
import { WorkflowsHeader } from "./workflows-header.tsx";
import { WorkflowsToolbar } from "./workflows-toolbar.tsx";
import { NoticeAlert, useNotice } from "@/components/ui/notice.tsx";

// What editing and deleting need (the form library, the schedule editor, the dialog) loads on the
// first click, not with the list (bench/README.md, 29 November 2026).
const WorkflowForm = lazyNamed(() => import("./workflow-form.tsx"), "WorkflowForm");
const DeleteWorkflowDialog = lazyNamed(() => import("./delete-workflow-dialog.tsx"), "DeleteWorkflowDialog");

const PAGE_SIZE = 12;

type FormState = { workflow: Workflow | null; key: number } | null;

type RenderRuns = (workflowId: string) => ReactNode;

/**
 * /workflows: ordered commands with schedules, progress and runs (viewers read, editors change).
 * Each card's run history comes from `renderRuns` (the runs feature, composed in app/workflows).
 */
export function WorkflowsPage({ renderRuns }: { renderRuns: RenderRuns }) {
  const { organization, role } = useCurrentOrganization();
  // The route's role guard only lets members of an organization in.
  if (!organization) return null;
  return (
    <WorkflowsView
      key={organization.id}
      orgId={organization.id}
      canEdit={can(role, "workflows.update")}
      canManageSecrets={can(role, "secrets.manage")}
      role={role}
      renderRuns={renderRuns}
    />
  );
}

function WorkflowsView({
  orgId,
  canEdit,
  canManageSecrets,
  role,
  renderRuns,
}: {
  orgId: string;
  canEdit: boolean;
  canManageSecrets: boolean;
  role: Role | null;
  renderRuns: RenderRuns;
}) {
  const { filters, update } = useWorkflowFilters();
  const [view, setView] = useViewMode("flowdeck-workflows-view");
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  // Mounted from the first Delete on, so it closes (and gives focus back) as a dialog does.
  const [deleteAsked, setDeleteAsked] = useState(false);
  // Success messages fade after a while; errors stay until dismissed.
  const [notice, setNotice] = useNotice({ fade: true });
  const pages = useCursorPages(filters.status);
  const list = useWorkflows(orgId, {
    cursor: pages.cursor,
    pageSize: PAGE_SIZE,
    status: filters.status === "all" ? undefined : filters.status,
  });
  const stats = useWorkflowStats(orgId);

  // A page emptied by deletions (here or elsewhere) falls back to the one before it.
  const data = list.data;
  useLeaveEmptiedPage(pages, data, list.isPlaceholderData);

  const openForm = (workflow: Workflow | null) => {
    setForm({ workflow, key: Date.now() });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  return (
    <div className="space-y-6">
      <WorkflowsHeader
        action={
          canEdit &&
          !form && (
            <Button onClick={() => openForm(null)} className="w-full sm:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              Create Workflow
            </Button>
          )
        }
      />

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {form && canEdit && (
        <Suspense fallback={<SkeletonText lines={6} />}>
          <WorkflowForm
            key={form.key}
            orgId={orgId}
            workflow={form.workflow}
            timezone={data?.timezone}
            canManageSecrets={canManageSecrets}
            role={role}
            onCancel={() => setForm(null)}
            onSaved={(text) => {
              setForm(null);
              setNotice({ tone: "success", text });
            }}
          />
        </Suspense>
      )}

      <WorkflowStatCards stats={stats.data} loading={stats.isPending} />

      <WorkflowsToolbar
        status={filters.status}
        onStatus={(status) => update({ status })}
        view={view}
        onView={setView}
      />

      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <WorkflowList
          orgId={orgId}
          data={data}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
          filtered={filters.status !== "all"}
          view={view}
          canEdit={canEdit}
          onCreate={() => openForm(null)}
          onClearFilter={() => update({ status: "all" })}
          pages={pages}
          renderRuns={renderRuns}
          onEdit={openForm}
          onDelete={(workflow) => {
            setDeleteAsked(true);
            setDeleting(workflow);
          }}
          onNotice={setNotice}
        />
      </div>

      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteWorkflowDialog
            orgId={orgId}
            workflow={deleting}
            onClose={() => setDeleting(null)}
            onDone={(result) => {
              setDeleting(null);
              setNotice(result);
              if (result.tone === "success" && form?.workflow?.id === deleting?.id) setForm(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
