import { z } from "zod";
import { ROLES } from "../permissions/roles.ts";
import { organizationNameField } from "./fields.ts";

export const INITIAL_CREDITS = 100;

export const CreateOrganizationSchema = z.object({ name: organizationNameField() });

export const SwitchOrganizationSchema = z.object({ organizationId: z.string().min(1) });

export const MembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  credits: z.number(),
  logoUrl: z.string().nullable(),
  /** Members without two-factor sign-in are sent to set it up first (an owner's setting). */
  requireTwoFactor: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    currentOrgId: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  organizations: z.array(MembershipSchema),
});
export type Me = z.infer<typeof MeSchema>;
