import clsx from "clsx";

type ProgressBarProps = { value: number; label: string; detail?: string };

/** A labelled progress bar; green once complete. */
export function ProgressBar({ value, label, detail }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-xs text-gray-600 dark:text-gray-400">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">
          {detail && <span className="mr-2">{detail}</span>}
          <span className="font-semibold text-gray-900 dark:text-gray-100">{percent}%</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%${detail ? `, ${detail}` : ""}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className={clsx(
            "h-full rounded-full transition-[width] duration-300",
            percent === 100 ? "bg-green-500" : "bg-indigo-500",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
