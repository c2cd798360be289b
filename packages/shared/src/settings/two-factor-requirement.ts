import { z } from "zod";

/** The owner's "Require two-factor for every member" (docs/decisions/032). */
export const TwoFactorRequirementSchema = z.object({ required: z.boolean() });
export type TwoFactorRequirement = z.infer<typeof TwoFactorRequirementSchema>;

export const TWO_FACTOR_REQUIREMENT_MESSAGES = {
  /** What a member without two-factor sign-in hears from every route of such an organization. */
  required: "This organization requires two-factor sign-in. Turn it on in your profile to continue.",
  ownerFirst: "Turn on two-factor sign-in for your own account before requiring it of every member.",
  cannotConfigure: "Only an owner can require two-factor sign-in",
} as const;
