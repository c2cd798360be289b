import { IMAGE_ACCEPT } from "@flowdeck/shared/images/rules";
import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import clsx from "clsx";
import { Camera, Trash2, Upload } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useRemoveAvatar } from "../api/remove-avatar.ts";
import { useUploadAvatar } from "../api/upload-avatar.ts";
import { useImageChoice } from "./use-image-choice.ts";

type Feedback = { tone: "success" | "error"; text: string } | null;

/**
 * Spec 2 "Profile": the avatar. A chosen picture is previewed beside the current one before it is
 * uploaded; afterwards the picture shown is the one the server stored, as the shell's badge does.
 */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const image = useImageChoice();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;
  const initial = (profile.displayName || profile.email || "U").charAt(0).toUpperCase() || "U";

  const resetInput = () => {
    image.clear();
    if (input.current) input.current.value = "";
  };

  const send = () => {
    if (!image.choice) return;
    setFeedback(null);
    upload.mutate(image.choice.file, {
      onSuccess: () => {
        resetInput();
        setFeedback({ tone: "success", text: PROFILE_MESSAGES.avatarUpdated });
      },
      onError: (error) => image.setError(error instanceof ApiError ? error.message : PROFILE_MESSAGES.avatarFailed),
    });
  };

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => setFeedback({ tone: "success", text: PROFILE_MESSAGES.avatarRemoved }),
      onError: (error) =>
        setFeedback({
          tone: "error",
          text: error instanceof ApiError ? error.message : PROFILE_MESSAGES.removeAvatarFailed,
        }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section
      aria-labelledby="avatar-heading"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="avatar-heading" className="text-lg font-semibold">
        Avatar
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        JPEG, PNG, GIF or WebP, up to 500 KB. It is resized to fit 300×200.
      </p>

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
        {image.choice && (
          <figure className="flex flex-col items-center gap-1">
            <Circle highlight>
              <img
                src={image.choice.previewUrl}
                alt="Preview of the chosen avatar"
                className="h-full w-full object-cover"
              />
            </Circle>
            <figcaption className="text-xs text-gray-500 dark:text-gray-400">New (not uploaded yet)</figcaption>
          </figure>
        )}
      </div>

      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label="Avatar image file"
        className="hidden"
        onChange={(event) => {
          setFeedback(null);
          image.choose(event.target.files?.[0]);
        }}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        {image.choice ? (
          <>
            <Button onClick={send} busy={upload.isPending}>
              <Upload aria-hidden="true" className="size-4" />
              {upload.isPending ? "Uploading..." : "Upload avatar"}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={resetInput}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              <Camera aria-hidden="true" className="size-4" />
              {profile.avatarUrl ? "Choose a new picture" : "Choose a picture"}
            </Button>
            {profile.avatarUrl && (
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove avatar
              </Button>
            )}
          </>
        )}
      </div>

      {image.error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {image.error}
        </p>
      )}
      {feedback && (
        <Alert tone={feedback.tone} onDismiss={() => setFeedback(null)} className="mt-4">
          {feedback.text}
        </Alert>
      )}

      <ConfirmDialog
        open={confirming}
        title="Remove avatar"
        message={PROFILE_MESSAGES.confirmRemoveAvatar}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
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
