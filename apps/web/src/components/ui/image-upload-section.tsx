import { IMAGE_ACCEPT } from "@flowdeck/shared/images/rules";
import { Trash2, Upload, type LucideIcon } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { ApiError } from "@/lib/api-client.ts";
import { useImageChoice, type ImageChoice } from "@/lib/use-image-choice.ts";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { NoticeAlert, type Notice } from "./notice.tsx";

/** The part of a TanStack Query mutation this section uses. */
type ImageMutation<TVariables> = {
  isPending: boolean;
  mutate: (
    variables: TVariables,
    callbacks: { onSuccess?: () => void; onError?: (error: Error) => void; onSettled?: () => void },
  ) => void;
};

type ImageUploadSectionProps = {
  /** The heading ("Logo"); in lower case it names the image in the buttons ("Upload logo"). */
  title: string;
  description: string;
  /** Whether an image is stored now: offers Remove and the "choose a new one" label. */
  hasImage: boolean;
  choose: { label: string; newLabel: string; icon: LucideIcon };
  upload: ImageMutation<File>;
  remove: ImageMutation<void>;
  messages: { uploaded: string; uploadFailed: string; removed: string; removeFailed: string; confirmRemove: string };
  /** The current image and, once a file is chosen, its preview (not uploaded yet). */
  previews: (choice: ImageChoice | null) => ReactNode;
};

/**
 * A card to upload, replace or remove one image (an organization's logo, a user's avatar). A
 * chosen file is checked in the browser first and previewed beside the current image before it
 * is uploaded; removing asks first.
 */
export function ImageUploadSection({
  title,
  description,
  hasImage,
  choose,
  upload,
  remove,
  messages,
  previews,
}: ImageUploadSectionProps) {
  const subject = title.toLowerCase();
  const headingId = `${subject}-heading`;
  const input = useRef<HTMLInputElement>(null);
  const image = useImageChoice();
  const [feedback, setFeedback] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;
  const ChooseIcon = choose.icon;

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
        setFeedback({ tone: "success", text: messages.uploaded });
      },
      onError: (error) => image.setError(error instanceof ApiError ? error.message : messages.uploadFailed),
    });
  };

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => setFeedback({ tone: "success", text: messages.removed }),
      onError: (error) =>
        setFeedback({ tone: "error", text: error instanceof ApiError ? error.message : messages.removeFailed }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>

      {previews(image.choice)}

      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label={`${title} image file`}
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
              {upload.isPending ? "Uploading..." : `Upload ${subject}`}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={resetInput}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              <ChooseIcon aria-hidden="true" className="size-4" />
              {hasImage ? choose.newLabel : choose.label}
            </Button>
            {hasImage && (
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove {subject}
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
      <NoticeAlert notice={feedback} onDismiss={() => setFeedback(null)} className="mt-4" />

      <ConfirmDialog
        open={confirming}
        title={`Remove ${subject}`}
        message={messages.confirmRemove}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
