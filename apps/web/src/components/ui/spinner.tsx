import clsx from "clsx";
import { LoaderCircle } from "lucide-react";

type SpinnerProps = { className?: string; label?: string };

/** A spinning indicator; with a label it is announced as a status, without one it is decorative. */
export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={clsx("size-5 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
