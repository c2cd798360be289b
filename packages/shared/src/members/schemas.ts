import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { ROLES } from "../permissions/roles.ts";
import { MEMBER_MESSAGES } from "./messages.ts";

/** One row of GET /api/orgs/:orgId/members. `role` null is a membership without a role ('member'). */
export const MemberSchema = z.object({
  userId: z.string(),
  /** The display name; empty when the user has not set one. */
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  /** ISO 8601. */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberParamsSchema = OrgParamsSchema.extend({ userId: z.string().min(1) });

export const UpdateMemberRoleSchema = z.object({
  role: z.enum(ROLES, { error: MEMBER_MESSAGES.roleInvalid }),
});
