import clsx from "clsx";
import { X } from "lucide-react";
import type { ReactNode } from "react";

type Tone = "success" | "error" | "info";

const TONES: Record<Tone, string> = {
  success: "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200",
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  info: "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-200",
};

/** Green on success, red on failure (spec 4 "Screens"); errors are announced at once. */
export function Alert({
  tone,
  title,
  children,
  onDismiss,
  className,
}: {
  tone: Tone;
  title?: string;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx("flex items-start gap-3 rounded-lg border px-4 py-3 text-sm", TONES[tone], className)}
    >
      <div className="flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded p-0.5 hover:bg-black/5">
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
