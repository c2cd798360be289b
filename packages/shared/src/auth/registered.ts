import { z } from "zod";
import { AcceptedInvitationSchema } from "../invitations/schemas.ts";

/**
 * A registration that made the account and signed it in. Joining with an invitation also says
 * what was joined, so the register page goes straight to the dashboard with the specification's
 * welcome ("Welcome to <organization name>! You've been added as a <role>.").
 */
export const RegisteredSchema = z.object({
  userId: z.string(),
  organizationId: z.string(),
  invitation: AcceptedInvitationSchema.optional(),
});
export type Registered = z.infer<typeof RegisteredSchema>;
