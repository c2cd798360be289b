import { AppError, MESSAGES } from "@flowdeck/shared";
import type { OrganizationOverview } from "@flowdeck/shared/dashboard/schemas";
import type { Database } from "../../db/database.ts";
import { readOverview } from "./repository.ts";

/** The dashboard's statistics of one organization (spec 2 "Dashboard": overview and statistics). */
export async function getOverview({
  db,
  organizationId,
}: {
  db: Database;
  organizationId: string;
}): Promise<OrganizationOverview> {
  const row = await readOverview(db, organizationId);
  if (!row) throw new AppError("not-found", MESSAGES.organizationNotFound);
  const n = Number;
  const byRole = {
    owner: n(row.owners),
    admin: n(row.admins),
    editor: n(row.editors),
    viewer: n(row.viewers),
    member: n(row.unassigned),
  };
  return {
    organization: { id: row.id, name: row.name },
    credits: {
      balance: n(row.balance),
      consumedLast7Days: n(row.consumed_7),
      consumedLast30Days: n(row.consumed_30),
      addedLast30Days: n(row.added_30),
    },
    members: { total: Object.values(byRole).reduce((sum, value) => sum + value, 0), byRole },
    tasks: {
      total: n(row.tasks_total),
      active: n(row.tasks_active),
      inactive: n(row.tasks_total) - n(row.tasks_active),
    },
    workflows: {
      total: n(row.workflows_total),
      byStatus: {
        draft: n(row.workflows_draft),
        active: n(row.workflows_active),
        "in-progress": n(row.workflows_in_progress),
        completed: n(row.workflows_completed),
      },
    },
    documents: { total: n(row.documents_total), recent: n(row.documents_recent) },
  };
}
