import { AppError } from "@flowdeck/shared";
import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import {
  FREEZE_WINDOWS_PER_ORGANIZATION,
  type CreateFreezeWindowSchema,
  type FreezeNotice,
  type FreezeWindow,
  type FreezeWindowList,
} from "@flowdeck/shared/freeze-windows/schemas";
import {
  activeFreeze,
  currentOrNextOccurrence,
  nextFreeze,
  type FreezeOccurrence,
  type FreezeRule,
} from "@flowdeck/shared/freeze-windows/window-times";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { organizationTimezone } from "../workflows/repository.ts";
import {
  countFreezeWindows,
  deleteFreezeWindowRow,
  insertFreezeWindow,
  listFreezeWindowRows,
  type FreezeWindowRow,
} from "./repository.ts";
import { readTogether } from "../../db/read-together.ts";

type Scope = { db: Executor; organizationId: string };

/** How a window reads in a sentence: its reason and when, for the audit log. */
function describe(row: FreezeWindowRow): string {
  if (row.weekly) return `"${row.reason}" (weekly, ${row.weekly.from}–${row.weekly.to})`;
  return `"${row.reason}" (${row.startsAt?.toISOString()} to ${row.endsAt?.toISOString()})`;
}

function toFreezeWindow(row: FreezeWindowRow, now: Date, timeZone: string): FreezeWindow {
  const occurrence = currentOrNextOccurrence(row, now, timeZone);
  return {
    id: row.id,
    reason: row.reason,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    weekly: row.weekly,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    occurrence: occurrence && {
      startsAt: occurrence.startsAt.toISOString(),
      endsAt: occurrence.endsAt.toISOString(),
      active: occurrence.active,
    },
  };
}

export async function listFreezeWindows({ db, organizationId }: Scope, now = new Date()): Promise<FreezeWindowList> {
  const timeZone = await organizationTimezone(db, organizationId);
  const rows = await listFreezeWindowRows(db, organizationId);
  return { items: rows.map((row) => toFreezeWindow(row, now, timeZone)), timeZone };
}

export async function createFreezeWindow(
  scope: OrgScope,
  input: z.output<typeof CreateFreezeWindowSchema>,
  now = new Date(),
): Promise<FreezeWindow> {
  const { organizationId } = scope;
  return transact(scope, async (tx, log) => {
    if ((await countFreezeWindows(tx, organizationId)) >= FREEZE_WINDOWS_PER_ORGANIZATION) {
      throw new AppError("resource-exhausted", FREEZE_WINDOW_MESSAGES.tooMany);
    }
    const row = await insertFreezeWindow(tx, {
      organizationId,
      reason: input.reason,
      startsAt: input.weekly ? null : new Date(input.startsAt!),
      endsAt: input.weekly ? null : new Date(input.endsAt!),
      weekly: input.weekly ?? null,
      createdBy: attributedUserId(scope.actor),
    });
    log.record({
      action: "freezeWindow.created",
      entityId: row.id,
      summary: `Created the freeze window ${describe(row)}`,
    });
    return toFreezeWindow(row, now, await organizationTimezone(tx, organizationId));
  });
}

export async function deleteFreezeWindow(scope: OrgScope, windowId: string) {
  return transact(scope, async (tx, log) => {
    const row = await deleteFreezeWindowRow(tx, scope.organizationId, windowId);
    if (!row) throw new AppError("not-found", FREEZE_WINDOW_MESSAGES.notFound);
    log.record({
      action: "freezeWindow.deleted",
      entityId: row.id,
      summary: `Deleted the freeze window ${describe(row)}`,
    });
  });
}

/** The organization's windows and time zone, as the run gate and Run now read them. */
export async function freezeCalendar(db: Executor, organizationId: string) {
  const [rules, timeZone] = await readTogether(db, [
    () => listFreezeWindowRows(db, organizationId) as Promise<FreezeRule[]>,
    () => organizationTimezone(db, organizationId),
  ]);
  return {
    /** The window in force at `at`, if any. */
    activeAt: (at: Date): FreezeOccurrence | null => activeFreeze(rules, at, timeZone),
    /** The window in force at `at`, else the next within 24 hours, as screens show it. */
    noticeAt: (at: Date): (FreezeNotice & { active: boolean }) | null => {
      const occurrence = activeFreeze(rules, at, timeZone) ?? nextFreeze(rules, at, timeZone);
      if (!occurrence) return null;
      return {
        reason: occurrence.reason,
        startsAt: occurrence.startsAt.toISOString(),
        endsAt: occurrence.endsAt.toISOString(),
        active: occurrence.startsAt <= at,
      };
    },
  };
}
