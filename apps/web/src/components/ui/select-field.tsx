import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { FieldFrame, fieldControlClassName, fieldDescribedBy } from "./field-frame.tsx";

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled select, styled and wired like TextField; `className` goes to the wrapper. */
export function SelectField({ label, error, hint, required, className, id, children, ...rest }: SelectFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(fieldId, error, hint)}
        className={fieldControlClassName(error)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
