import { z } from "zod";

/** The params of every /api/orgs/:orgId/... route; the tenancy guard has checked the membership. */
export const OrgParamsSchema = z.object({ orgId: z.string().min(1) });
