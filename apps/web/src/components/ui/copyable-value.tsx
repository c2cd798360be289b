import { Check, Copy } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button.tsx";

type Outcome = "idle" | "copied" | "selected";

/**
 * A value people paste into scripts (an id): its label, the value in a monospace box and a Copy
 * button. Where the browser offers no clipboard (a plain-HTTP address other than localhost), the
 * button selects the value and says to press Ctrl+C.
 */
export function CopyableValue({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const labelId = useId();
  const valueRef = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<Outcome>("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome("copied");
    } catch {
      if (valueRef.current) window.getSelection()?.selectAllChildren(valueRef.current);
      setOutcome("selected");
    }
  };
  return (
    <div>
      <span id={labelId} className="text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </span>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code
          ref={valueRef}
          aria-labelledby={labelId}
          className="min-w-0 rounded bg-gray-100 px-2 py-1 font-mono text-sm break-all text-gray-900 dark:bg-gray-800 dark:text-gray-100"
        >
          {value}
        </code>
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {outcome === "copied" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          Copy
        </Button>
        <span role="status" className="text-sm text-gray-600 dark:text-gray-400">
          {outcome === "copied" ? "Copied" : outcome === "selected" ? "Selected: press Ctrl+C to copy" : ""}
        </span>
      </div>
      {children && <p className="mt-1 text-xs wrap-anywhere text-gray-600 dark:text-gray-400">{children}</p>}
    </div>
  );
}
