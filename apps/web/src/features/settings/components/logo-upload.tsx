import { IMAGE_ACCEPT } from "@flowdeck/shared/images/rules";
import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import clsx from "clsx";
import { ImageIcon, Trash2, Upload } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useRemoveLogo } from "../api/remove-logo.ts";
import { useUploadLogo } from "../api/upload-logo.ts";
import { describeStoredImage, formatBytes } from "./image-format.ts";
import { useImageChoice } from "./use-image-choice.ts";

type Feedback = { tone: "success" | "error"; text: string } | null;

/**
 * Spec 2 "Organization settings": the logo. A chosen image is previewed beside the current one
 * before it is uploaded; after uploading, the preview is what the server stored (re-encoded to
 * fit 300×200), which is also what every member's shell now shows.
 */
export function LogoUpload({ orgId, settings }: { orgId: string; settings: OrganizationSettings }) {
  const input = useRef<HTMLInputElement>(null);
  const image = useImageChoice();
  const upload = useUploadLogo(orgId);
  const remove = useRemoveLogo(orgId);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;

  const send = () => {
    if (!image.choice) return;
    setFeedback(null);
    upload.mutate(image.choice.file, {
      onSuccess: () => {
        image.clear();
        if (input.current) input.current.value = "";
        setFeedback({ tone: "success", text: SETTINGS_MESSAGES.logoUploaded });
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : SETTINGS_MESSAGES.logoFailed;
        image.setError(message);
      },
    });
  };

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => setFeedback({ tone: "success", text: SETTINGS_MESSAGES.logoRemoved }),
      onError: (error) =>
        setFeedback({
          tone: "error",
          text: error instanceof ApiError ? error.message : SETTINGS_MESSAGES.removeLogoFailed,
        }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section
      aria-labelledby="logo-heading"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="logo-heading" className="text-lg font-semibold">
        Logo
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        JPEG, PNG, GIF or WebP, up to 500 KB. It is resized to fit 300×200 and shown next to the organization's name.
      </p>

      <div className="mt-4 flex flex-wrap gap-4">
        <Preview label={image.choice ? "Current" : "Current logo"}>
          {settings.logoUrl ? (
            <img
              src={settings.logoUrl}
              alt={`${settings.name} logo`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-gray-500">
              <ImageIcon aria-hidden="true" className="size-6" />
              No logo yet
            </span>
          )}
        </Preview>
        {image.choice && (
          <Preview label="New (not uploaded yet)" highlight>
            <img
              src={image.choice.previewUrl}
              alt="Preview of the chosen logo"
              className="max-h-full max-w-full object-contain"
            />
          </Preview>
        )}
      </div>

      {settings.logoMetadata && !image.choice && (
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
          Stored as {describeStoredImage(settings.logoMetadata)}
        </p>
      )}
      {image.choice && (
        <p className="mt-2 truncate text-sm" title={image.choice.file.name}>
          <span className="font-medium">{image.choice.file.name}</span>
          <span className="text-gray-500 dark:text-gray-400"> · {formatBytes(image.choice.file.size)}</span>
        </p>
      )}

      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label="Logo image file"
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
              {upload.isPending ? "Uploading..." : "Upload logo"}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                image.clear();
                if (input.current) input.current.value = "";
              }}
            >
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              <ImageIcon aria-hidden="true" className="size-4" />
              {settings.logoUrl ? "Choose a new logo" : "Choose a logo"}
            </Button>
            {settings.logoUrl && (
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove logo
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
        title="Remove logo"
        message={SETTINGS_MESSAGES.confirmRemoveLogo}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

function Preview({ label, highlight = false, children }: { label: string; highlight?: boolean; children: ReactNode }) {
  return (
    <figure className="space-y-1">
      <div
        className={clsx(
          // White in both themes: logos are mostly drawn for light backgrounds, as the shell shows them.
          "flex h-[100px] w-[150px] items-center justify-center overflow-hidden rounded-lg border bg-white p-2",
          highlight
            ? "border-indigo-400 ring-2 ring-indigo-200 dark:ring-indigo-900"
            : "border-gray-200 dark:border-gray-700",
        )}
      >
        {children}
      </div>
      <figcaption className="text-xs text-gray-500 dark:text-gray-400">{label}</figcaption>
    </figure>
  );
}
