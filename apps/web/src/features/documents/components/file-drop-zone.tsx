import { ACCEPTED_EXTENSIONS, formatFileSize } from "@flowdeck/shared/documents/file-types";
import clsx from "clsx";
import { UploadCloud, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";

type FileDropZoneProps = {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * A file picker that also takes a dropped file. The real <input type="file"> stays in the page
 * (visually hidden), so it is reachable with Tab and opens with Enter or Space.
 */
export function FileDropZone({ label, file, onFile, error, disabled = false }: FileDropZoneProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  const clear = () => {
    onFile(null);
    if (input.current) input.current.value = "";
  };

  return (
    <div className="space-y-1">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          "relative rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:ring-2 focus-within:ring-indigo-500",
          dragging
            ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10"
            : error
              ? "border-red-400 dark:border-red-700"
              : "border-gray-300 dark:border-gray-700",
          disabled && "opacity-60",
        )}
      >
        <UploadCloud aria-hidden="true" className="mx-auto size-8 text-gray-400" />
        <label htmlFor={inputId} className="mt-2 block cursor-pointer text-sm text-gray-700 dark:text-gray-200">
          <span className="font-medium text-indigo-600 dark:text-indigo-400">{label}</span> or drag and drop it here
        </label>
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          Documents, spreadsheets, presentations, images, archives or text, up to 1 MB
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_EXTENSIONS.join(",")}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          className="sr-only"
        />
      </div>
      {file && (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800">
          <span className="min-w-0 truncate" title={file.name}>
            <span className="font-medium">{file.name}</span>
            <span className="text-gray-500 dark:text-gray-400"> · {formatFileSize(file.size)}</span>
          </span>
          <button
            type="button"
            onClick={clear}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            className="rounded p-1 text-gray-500 hover:bg-gray-200 hover:text-gray-900 dark:hover:bg-gray-700 dark:hover:text-gray-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
