import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";

/**
 * A secret's value: hidden as a password by default, a text area when it has several lines (a
 * certificate, a key file). Never filled in for you: the value is not readable, only replaced.
 */
export function SecretValueField({
  error,
  hint,
  field,
}: {
  error?: string;
  hint: string;
  field: UseFormRegisterReturn<"value">;
}) {
  const [multiline, setMultiline] = useState(false);
  const toggleId = useId();
  const common = {
    label: "Value",
    required: true,
    error,
    hint,
    autoComplete: "off",
    spellCheck: false,
    ...field,
  };
  return (
    <div className="space-y-2">
      {multiline ? (
        <TextAreaField {...common} rows={6} monospace autoCapitalize="off" />
      ) : (
        <TextField {...common} type="password" autoComplete="new-password" />
      )}
      <label htmlFor={toggleId} className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          id={toggleId}
          type="checkbox"
          checked={multiline}
          onChange={(event) => setMultiline(event.target.checked)}
          className="h-4 w-4 rounded border-gray-300 dark:border-gray-600"
        />
        Several lines (shown while you type)
      </label>
    </div>
  );
}
