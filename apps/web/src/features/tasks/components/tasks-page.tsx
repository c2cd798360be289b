import { TASK_CATEGORIES, TASK_CATEGORY_LABELS, type TaskCategory } from "@flowdeck/shared/tasks/constants";
import type { Task } from "@flowdeck/shared/tasks/schemas";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useCursorPages, useLeaveEmptiedPage } from "@/lib/use-cursor-pages.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useTaskStats } from "../api/get-task-stats.ts";
import { useTasks } from "../api/get-tasks.ts";
import { useTaskFilters } from "../lib/use-task-filters.ts";
import { DeleteTaskDialog } from "./delete-task-dialog.tsx";
import { TaskFormModal } from "./task-form-modal.tsx";
import { TaskList } from "./task-list.tsx";
import { TaskStatCards } from "./task-stat-cards.tsx";
import { TASK_PANEL_ID, TaskTabs, tabId } from "./task-tabs.tsx";
import { NoticeAlert, useNotice } from "@/components/ui/notice.tsx";

const PAGE_SIZE = 12;

type FormState = { task: Task | null; key: number } | null;

/** /tasks: the organization's library of system commands (editor and above). */
export function TasksPage() {
  const { organization } = useCurrentOrganization();
  // The route's role guard only lets members of an organization in.
  if (!organization) return null;
  return <TasksView key={organization.id} orgId={organization.id} />;
}

function TasksView({ orgId }: { orgId: string }) {
  const { filters, update } = useTaskFilters();
  const [search, setSearch] = useState(filters.q);
  const debouncedSearch = useDebouncedValue(search, 300);
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  // Success messages fade after a while; errors stay until dismissed.
  const [notice, setNotice] = useNotice({ fade: true });

  const status = filters.tab === "all" ? undefined : filters.tab;
  const category = filters.category || undefined;
  const pages = useCursorPages(JSON.stringify([status, category, filters.q]));
  const list = useTasks(orgId, {
    cursor: pages.cursor,
    pageSize: PAGE_SIZE,
    status,
    category,
    q: filters.q || undefined,
  });
  const stats = useTaskStats(orgId);

  // The search goes to the address once the typing pauses.
  const appliedSearch = useRef(debouncedSearch);
  useEffect(() => {
    if (debouncedSearch === appliedSearch.current) return;
    appliedSearch.current = debouncedSearch;
    update({ q: debouncedSearch.trim() });
  }, [debouncedSearch, update]);

  // A page emptied by deletions (here or elsewhere) falls back to the one before it.
  const data = list.data;
  useLeaveEmptiedPage(pages, data, list.isPlaceholderData);

  const openForm = (task: Task | null) => setForm({ task, key: Date.now() });
  const clearFilters = () => {
    setSearch("");
    update({ tab: "all", category: "", q: "" });
  };
  const filtered = filters.tab !== "all" || filters.category !== "" || filters.q !== "";
  const counts = stats.data && {
    all: stats.data.total,
    active: stats.data.byStatus.active,
    inactive: stats.data.byStatus.inactive,
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Tasks</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            System commands, with a line per platform, ready for your workflows.
          </p>
        </div>
        <Button onClick={() => openForm(null)} className="w-full sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          Add Command
        </Button>
      </header>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <TaskStatCards stats={stats.data} loading={stats.isPending} />

      <div className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
        <div className="overflow-x-auto">
          <TaskTabs value={filters.tab} counts={counts} onChange={(tab) => update({ tab })} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:w-[32rem]">
          <SelectField
            label="Category"
            value={filters.category}
            onChange={(event) => update({ category: event.target.value as TaskCategory | "" })}
          >
            <option value="">All categories</option>
            {TASK_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {TASK_CATEGORY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Search"
            type="search"
            placeholder="Name, description or tag"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>

      <div
        id={TASK_PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(filters.tab)}
        aria-busy={list.isFetching}
        className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
      >
        <TaskList
          data={data}
          pages={pages}
          loadedAt={list.dataUpdatedAt}
          error={list.error}
          filtered={filtered}
          onAdd={() => openForm(null)}
          onClearFilters={clearFilters}
          onEdit={(task) => openForm(task)}
          onDelete={setDeleting}
        />
      </div>

      {form && (
        <TaskFormModal
          key={form.key}
          orgId={orgId}
          open
          task={form.task}
          onClose={() => setForm(null)}
          onSaved={(text) => {
            setForm(null);
            setNotice({ tone: "success", text });
          }}
        />
      )}
      <DeleteTaskDialog
        orgId={orgId}
        task={deleting}
        onClose={() => setDeleting(null)}
        onDone={(result) => {
          setDeleting(null);
          setNotice(result);
        }}
      />
    </div>
  );
}
