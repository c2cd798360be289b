import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { FREEZE_WINDOW_MESSAGES as M } from "./messages.ts";

export const FREEZE_REASON_MAX = 200;
export const FREEZE_WINDOWS_PER_ORGANIZATION = 100;
/** A one-off window longer than this is a mistake more often than a plan. */
export const FREEZE_ONE_OFF_MAX_DAYS = 90;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const ReasonSchema = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, M.reasonRequired)
  .max(FREEZE_REASON_MAX, M.reasonTooLong)
  .refine((text) => !/\p{Cc}/u.test(text), M.reasonRequired);

const TimeOfDaySchema = z.string({ error: M.timeInvalid }).regex(TIME_OF_DAY, M.timeInvalid);

/**
 * A weekly window, in the organization's time zone: on each of `days` (0 Sunday … 6 Saturday, as
 * schedules count them) from `from` to `to`. A `to` at or before `from` ends the next day
 * (22:00–06:00 is overnight).
 */
export const WeeklyFreezeSchema = z
  .object({
    days: z
      .array(z.number({ error: M.dayInvalid }).int(M.dayInvalid).min(0, M.dayInvalid).max(6, M.dayInvalid), {
        error: M.daysRequired,
      })
      .min(1, M.daysRequired)
      .max(7, M.dayInvalid)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    from: TimeOfDaySchema,
    to: TimeOfDaySchema,
  })
  .refine((weekly) => weekly.from !== weekly.to, { message: M.sameTimes, path: ["to"] });
export type WeeklyFreeze = z.output<typeof WeeklyFreezeSchema>;

const InstantSchema = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * POST /api/orgs/:orgId/freeze-windows: `{ reason, startsAt, endsAt }` (a one-off window, ISO 8601
 * instants) or `{ reason, weekly: { days, from, to } }`.
 */
export const CreateFreezeWindowSchema = z
  .object({
    reason: ReasonSchema,
    startsAt: InstantSchema(M.startsAtInvalid).optional(),
    endsAt: InstantSchema(M.endsAtInvalid).optional(),
    weekly: WeeklyFreezeSchema.optional(),
  })
  .superRefine((body, context) => {
    const oneOff = body.startsAt !== undefined || body.endsAt !== undefined;
    if (oneOff && body.weekly) {
      context.addIssue({ code: "custom", message: M.oneKind, path: ["weekly"] });
      return;
    }
    if (body.weekly) return;
    if (body.startsAt === undefined)
      context.addIssue({ code: "custom", message: M.startsAtInvalid, path: ["startsAt"] });
    if (body.endsAt === undefined) context.addIssue({ code: "custom", message: M.endsAtInvalid, path: ["endsAt"] });
    if (body.startsAt === undefined || body.endsAt === undefined) return;
    const span = Date.parse(body.endsAt) - Date.parse(body.startsAt);
    if (span <= 0) context.addIssue({ code: "custom", message: M.endBeforeStart, path: ["endsAt"] });
    else if (span > FREEZE_ONE_OFF_MAX_DAYS * 86_400_000)
      context.addIssue({ code: "custom", message: M.tooLong, path: ["endsAt"] });
  });
export type CreateFreezeWindowInput = z.input<typeof CreateFreezeWindowSchema>;

/** A window as every route shows it, with its current or next occurrence in the organization's time zone. */
export const FreezeWindowSchema = z.object({
  id: z.string(),
  reason: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  weekly: z.object({ days: z.array(z.number()), from: z.string(), to: z.string() }).nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The occurrence under way now, else the next one; null when a one-off window is over. */
  occurrence: z.object({ startsAt: z.string(), endsAt: z.string(), active: z.boolean() }).nullable(),
});
export type FreezeWindow = z.infer<typeof FreezeWindowSchema>;

export const FreezeWindowListSchema = z.object({
  items: z.array(FreezeWindowSchema),
  /** The organization's time zone, in which weekly windows are read. */
  timeZone: z.string(),
});
export type FreezeWindowList = z.infer<typeof FreezeWindowListSchema>;

export const FreezeWindowParamsSchema = OrgParamsSchema.extend({ windowId: z.string().min(1).max(100) });

/** A freeze in force, or starting soon, as Run now and the workflow form show it. */
export const FreezeNoticeSchema = z.object({ reason: z.string(), startsAt: z.string(), endsAt: z.string() });
export type FreezeNotice = z.infer<typeof FreezeNoticeSchema>;

/** The execute body's override of a freeze window (admins and owners). */
export const FreezeOverrideSchema = z.object({
  reason: z
    .string({ error: M.overrideReasonRequired })
    .trim()
    .min(1, M.overrideReasonRequired)
    .max(FREEZE_REASON_MAX, M.reasonTooLong),
});
