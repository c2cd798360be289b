import { z } from "zod";
import { ImageMetadataSchema } from "../images/schemas.ts";
import { phoneField } from "../settings/fields.ts";
import { hasControlCharacter } from "../text/control-characters.ts";
import { PROFILE_MESSAGES } from "./messages.ts";

export const DISPLAY_NAME_MAX_LENGTH = 100;

/**
 * PATCH /api/profile and the profile form: the display name (trimmed; empty falls back to the
 * email's first part in the shell) and the phone. Either may be left out. The email is the
 * sign-in name: a request that tries to change it is refused, not silently ignored.
 */
export const UpdateProfileSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, PROFILE_MESSAGES.displayNameTooLong)
    .refine((name) => !hasControlCharacter(name), PROFILE_MESSAGES.displayNameControl)
    .optional(),
  phone: phoneField(),
  email: z.never({ error: PROFILE_MESSAGES.emailReadOnly }).optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

/** GET /api/profile: the signed-in user's own profile. */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  avatarMetadata: ImageMetadataSchema.nullable(),
  /** Two-factor sign-in (TOTP) is on: set up and confirmed with a code. */
  twoFactorEnabled: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** PUT /api/profile/avatar answers the new avatar. */
export const AvatarSchema = z.object({ avatarUrl: z.string(), avatarMetadata: ImageMetadataSchema });
export type Avatar = z.infer<typeof AvatarSchema>;
