import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { FieldFrame, fieldControlClassName, fieldDescribedBy } from "./field-frame.tsx";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/**
 * The one labelled input: its error is announced and tied to it with aria-describedby, and a
 * required field has a red asterisk on its label.
 */
export function TextField({ label, error, hint, required, className, id, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(inputId, error, hint)}
        className={fieldControlClassName(error)}
        {...rest}
      />
    </FieldFrame>
  );
}
