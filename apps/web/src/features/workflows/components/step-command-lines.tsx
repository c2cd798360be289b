import { TASK_PLATFORM_LABELS, TASK_PLATFORMS } from "@flowdeck/shared/tasks/constants";
import type { WorkflowStep } from "@flowdeck/shared/workflows/schemas";
import { Check, Copy } from "lucide-react";
import { useState } from "react";

/** A step's command line for each platform it has one for, each with a copy button. */
export function StepCommandLines({ step }: { step: WorkflowStep }) {
  if (!step.commands) return null;
  const { commands } = step;
  const lines = TASK_PLATFORMS.filter((platform) => commands[platform] !== "");
  if (lines.length === 0) return null;
  return (
    <dl className="mt-1.5 space-y-1">
      {lines.map((platform) => (
        <div key={platform} className="flex items-start gap-2">
          <dt className="w-16 shrink-0 pt-1 text-xs font-medium text-gray-600 dark:text-gray-400">
            {TASK_PLATFORM_LABELS[platform]}
          </dt>
          <dd className="flex min-w-0 flex-1 items-start gap-1">
            <code className="block min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs wrap-anywhere whitespace-pre-wrap text-gray-800 ring-1 ring-gray-200 dark:bg-gray-900 dark:text-gray-200 dark:ring-gray-700">
              {commands[platform]}
            </code>
            <CopyButton
              text={commands[platform]}
              label={`Copy the ${TASK_PLATFORM_LABELS[platform]} command of ${step.name}`}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      () => setCopied(false),
    );
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? "Copied" : label}
      title={copied ? "Copied" : "Copy"}
      className="shrink-0 rounded p-1 text-gray-600 hover:bg-gray-200 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-700 dark:hover:text-gray-100"
    >
      {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
    </button>
  );
}
