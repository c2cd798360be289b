import { z } from "zod";

/** The owner's "Require two-factor for every member" (docs/decisions/032). */
export const TwoFactorRequirementSchema = z.object({ required: z.boolean() });
export type TwoFactorRequirement = z.infer<typeof TwoFactorRequirementSchema>;
