import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import clsx from "clsx";
import { Camera } from "lucide-react";
import type { ReactNode } from "react";
import { ImageUploadSection } from "@/components/ui/image-upload-section.tsx";
import { useRemoveAvatar } from "../api/remove-avatar.ts";
import { useUploadAvatar } from "../api/upload-avatar.ts";

/**
 * Spec 2 "Profile": the avatar. A chosen picture is previewed beside the current one before it is
 * uploaded; afterwards the picture shown is the one the server stored, as the shell's badge does.
 */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const initial = (profile.displayName || profile.email || "U").charAt(0).toUpperCase() || "U";

  return (
    <ImageUploadSection
      title="Avatar"
      description="JPEG, PNG, GIF or WebP, up to 500 KB. It is resized to fit 300×200."
      hasImage={Boolean(profile.avatarUrl)}
      choose={{ label: "Choose a picture", newLabel: "Choose a new picture", icon: Camera }}
      upload={upload}
      remove={remove}
      messages={{
        uploaded: PROFILE_MESSAGES.avatarUpdated,
        uploadFailed: PROFILE_MESSAGES.avatarFailed,
        removed: PROFILE_MESSAGES.avatarRemoved,
        removeFailed: PROFILE_MESSAGES.removeAvatarFailed,
        confirmRemove: PROFILE_MESSAGES.confirmRemoveAvatar,
      }}
      previews={(choice) => (
        <div className="mt-4 flex flex-wrap items-end gap-6">
          <figure className="flex flex-col items-center gap-1">
            <Circle>
              {profile.avatarUrl ? (
                <img src={profile.avatarUrl} alt="Your avatar" className="h-full w-full object-cover" />
              ) : (
                <span aria-hidden="true" className="text-3xl font-semibold text-white">
                  {initial}
                </span>
              )}
            </Circle>
            <figcaption className="text-xs text-gray-500 dark:text-gray-400">Current</figcaption>
          </figure>
          {choice && (
            <figure className="flex flex-col items-center gap-1">
              <Circle highlight>
                <img
                  src={choice.previewUrl}
                  alt="Preview of the chosen avatar"
                  className="h-full w-full object-cover"
                />
              </Circle>
              <figcaption className="text-xs text-gray-500 dark:text-gray-400">New (not uploaded yet)</figcaption>
            </figure>
          )}
        </div>
      )}
    />
  );
}

function Circle({ highlight = false, children }: { highlight?: boolean; children: ReactNode }) {
  return (
    <div
      className={clsx(
        "flex h-24 w-24 items-center justify-center overflow-hidden rounded-full bg-indigo-600",
        highlight && "ring-4 ring-indigo-200 dark:ring-indigo-900",
      )}
    >
      {children}
    </div>
  );
}
