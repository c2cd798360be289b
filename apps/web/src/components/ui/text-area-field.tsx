import clsx from "clsx";
import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { CharacterCounter, counterIdOf } from "./character-counter.tsx";
import { FieldFrame, fieldControlClassName, fieldDescribedBy } from "./field-frame.tsx";

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A fixed-width font, for code such as shell commands. */
  monospace?: boolean;
  /**
   * The most characters the field takes, shown as a counter (pass `value` too, so it counts).
   * Unlike `maxLength` nothing is cut: a longer paste stays whole, the counter says by how much it
   * is over, and the form refuses it.
   */
  limit?: number;
};

/** A labelled textarea, styled and wired like TextField; `className` goes to the wrapper. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  monospace,
  limit,
  className,
  id,
  ...rest
}: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const length = typeof rest.value === "string" ? rest.value.length : 0;
  const over = limit !== undefined && length > limit;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={fieldId}
        required={required}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={
          clsx(fieldDescribedBy(fieldId, error, hint), limit !== undefined && counterIdOf(fieldId)) || undefined
        }
        className={clsx(fieldControlClassName(error), monospace && "font-mono text-[13px] leading-5")}
        {...rest}
      />
      {limit !== undefined && <CharacterCounter fieldId={fieldId} length={length} limit={limit} />}
    </FieldFrame>
  );
}
