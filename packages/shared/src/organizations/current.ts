import { z } from "zod";
import { ROLES } from "../permissions/roles.ts";

/**
 * Who is calling, for scripts (GET /api/orgs/current, and GET /api/me with an API token): the
 * organization every /api/orgs/{orgId}/… call needs, and the role the caller acts with there.
 */
export const CurrentOrganizationSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  role: z.enum(ROLES),
  /** How the caller authenticated: the session cookie of a person, or an API token. */
  signedInWith: z.enum(["session", "api-token"]),
});
export type CurrentOrganization = z.infer<typeof CurrentOrganizationSchema>;
