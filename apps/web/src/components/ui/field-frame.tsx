import clsx from "clsx";
import type { ReactNode } from "react";

// The look and the error wiring of every labelled control: TextField, SelectField, TextAreaField.

/** The control's own classes: a red border and ring while it has an error. */
export function fieldControlClassName(error: string | undefined) {
  return clsx(
    "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:outline-none focus:ring-2 dark:bg-gray-900 dark:text-gray-100",
    error
      ? "border-red-500 focus:ring-red-500"
      : "border-gray-300 focus:border-indigo-500 focus:ring-indigo-500 dark:border-gray-700",
  );
}

/** The ids of the hint and the error that FieldFrame shows, for the control's aria-describedby. */
export function fieldDescribedBy(id: string, error: string | undefined, hint: ReactNode) {
  return clsx(error && `${id}-error`, hint && `${id}-hint`) || undefined;
}

type FieldFrameProps = {
  /** The control's id: the label points at it, and the hint and error ids are made from it. */
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marks the label with a red asterisk. */
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/** A label (with a red asterisk when required), the control, a hint and an announced error. */
export function FieldFrame({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  return (
    <div className={clsx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-200">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
