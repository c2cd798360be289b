import clsx from "clsx";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { CharacterCounter, counterIdOf } from "./character-counter.tsx";
import { FieldFrame, fieldControlClassName, fieldDescribedBy } from "./field-frame.tsx";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /**
   * The most characters the field takes, shown as a counter (pass `value` too, so it counts). A
   * one-line field stops typing there (it is its `maxLength`), and the counter says so.
   */
  limit?: number;
};

/**
 * The one labelled input: its error is announced and tied to it with aria-describedby, and a
 * required field has a red asterisk on its label.
 */
export function TextField({ label, error, hint, required, limit, className, id, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const length = typeof rest.value === "string" ? rest.value.length : 0;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={inputId}
        required={required}
        maxLength={limit}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          clsx(fieldDescribedBy(inputId, error, hint), limit !== undefined && counterIdOf(inputId)) || undefined
        }
        className={fieldControlClassName(error)}
        {...rest}
      />
      {limit !== undefined && <CharacterCounter fieldId={inputId} length={length} limit={limit} stops />}
    </FieldFrame>
  );
}
