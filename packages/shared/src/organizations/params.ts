import { z } from "zod";

/** The params of every /api/orgs/:orgId/... route; a route with more params extends it. */
export const OrgParamsSchema = z.object({ orgId: z.string().min(1) });
