import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import clsx from "clsx";
import { ImageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ImageUploadSection } from "@/components/ui/image-upload-section.tsx";
import { useRemoveLogo } from "../api/remove-logo.ts";
import { useUploadLogo } from "../api/upload-logo.ts";
import { formatBytes } from "@/lib/format-bytes.ts";
import { describeStoredImage } from "./image-format.ts";

/**
 * Spec 2 "Organization settings": the logo. A chosen image is previewed beside the current one
 * before it is uploaded; after uploading, the preview is what the server stored (re-encoded to
 * fit 300×200), which is also what every member's shell now shows.
 */
export function LogoUpload({ orgId, settings }: { orgId: string; settings: OrganizationSettings }) {
  const upload = useUploadLogo(orgId);
  const remove = useRemoveLogo(orgId);

  return (
    <ImageUploadSection
      title="Logo"
      description="JPEG, PNG, GIF or WebP, up to 500 KB. It is resized to fit 300×200 and shown next to the organization's name."
      hasImage={Boolean(settings.logoUrl)}
      choose={{ label: "Choose a logo", newLabel: "Choose a new logo", icon: ImageIcon }}
      upload={upload}
      remove={remove}
      messages={{
        uploaded: SETTINGS_MESSAGES.logoUploaded,
        uploadFailed: SETTINGS_MESSAGES.logoFailed,
        removed: SETTINGS_MESSAGES.logoRemoved,
        removeFailed: SETTINGS_MESSAGES.removeLogoFailed,
        confirmRemove: SETTINGS_MESSAGES.confirmRemoveLogo,
      }}
      previews={(choice) => (
        <>
          <div className="mt-4 flex flex-wrap gap-4">
            <Preview label={choice ? "Current" : "Current logo"}>
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
            {choice && (
              <Preview label="New (not uploaded yet)" highlight>
                <img
                  src={choice.previewUrl}
                  alt="Preview of the chosen logo"
                  className="max-h-full max-w-full object-contain"
                />
              </Preview>
            )}
          </div>

          {settings.logoMetadata && !choice && (
            <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
              Stored as {describeStoredImage(settings.logoMetadata)}
            </p>
          )}
          {choice && (
            <p className="mt-2 truncate text-sm" title={choice.file.name}>
              <span className="font-medium">{choice.file.name}</span>
              <span className="text-gray-500 dark:text-gray-400"> · {formatBytes(choice.file.size)}</span>
            </p>
          )}
        </>
      )}
    />
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
