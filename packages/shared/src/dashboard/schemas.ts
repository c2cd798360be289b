import { z } from "zod";

const count = () => z.number().int().nonnegative();

/** Spec 9: 'recently' means within 7 days. */
export const RECENT_DAYS = 7;

/** GET /api/orgs/:orgId/overview: the organization at a glance, for the dashboard. */
export const OrganizationOverviewSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  credits: z.object({
    balance: count(),
    consumedLast7Days: count(),
    consumedLast30Days: count(),
    addedLast30Days: count(),
  }),
  members: z.object({
    total: count(),
    /** `member` counts memberships given no role (they act as viewer). */
    byRole: z.object({ owner: count(), admin: count(), editor: count(), viewer: count(), member: count() }),
  }),
  tasks: z.object({ total: count(), active: count(), inactive: count() }),
  workflows: z.object({
    total: count(),
    byStatus: z.object({ draft: count(), active: count(), "in-progress": count(), completed: count() }),
  }),
  documents: z.object({ total: count(), recent: count() }),
  /** Server set-up problems, for owners only (e.g. APP_URL missing); absent when there are none. */
  warnings: z.array(z.string()).optional(),
});
export type OrganizationOverview = z.infer<typeof OrganizationOverviewSchema>;
