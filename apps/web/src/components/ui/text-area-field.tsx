import clsx from "clsx";
import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldFrame, fieldControlClassName, fieldDescribedBy } from "./field-frame.tsx";

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A fixed-width font, for code such as shell commands. */
  monospace?: boolean;
};

/** A labelled textarea, styled and wired like TextField; `className` goes to the wrapper. */
export function TextAreaField({ label, error, hint, required, monospace, className, id, ...rest }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(fieldId, error, hint)}
        className={clsx(fieldControlClassName(error), monospace && "font-mono text-[13px] leading-5")}
        {...rest}
      />
    </FieldFrame>
  );
}
