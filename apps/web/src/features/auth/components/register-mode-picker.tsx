import clsx from "clsx";
import type { UseFormRegisterReturn } from "react-hook-form";

export type RegisterMode = "join" | "create";

const MODES: { value: RegisterMode; label: string; description: string }[] = [
  { value: "join", label: "Join an existing organization", description: "Use the invitation code you were sent" },
  { value: "create", label: "Create a new organization", description: "Start a workspace for your team" },
];

/** The two ways to start, as radio cards: join with an invitation code, or create an organization. */
export function RegisterModePicker({ mode, field }: { mode: RegisterMode; field: UseFormRegisterReturn<"mode"> }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-200">How do you want to start?</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {MODES.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
              mode === option.value
                ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950"
                : "border-gray-300 dark:border-gray-700",
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input type="radio" value={option.value} {...field} />
              {option.label}
            </span>
            <span className="mt-1 text-xs text-gray-600 dark:text-gray-300">{option.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
