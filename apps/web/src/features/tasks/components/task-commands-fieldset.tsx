import { TASK_PLATFORM_LABELS, TASK_PLATFORMS, type TaskPlatform } from "@flowdeck/shared/tasks/constants";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import type { TaskForm } from "./task-form-modal.tsx";

const PLACEHOLDERS: Record<TaskPlatform, string> = {
  windows: "e.g. Restart-Service -Name nginx",
  linux: "e.g. sudo systemctl restart nginx",
  mac: "e.g. brew services restart nginx",
};

/** A command line for each platform; at least one is needed (spec 5 "Task form"). */
export function TaskCommandsFieldset({ form }: { form: TaskForm }) {
  const groupError = form.errorOf("root.commands");
  // While the group is refused, every platform's field is marked, and focus lands on the first.
  const anyError = groupError ?? TASK_PLATFORMS.map((platform) => form.errorOf(platform)).find(Boolean);
  return (
    <fieldset
      aria-describedby={groupError ? "task-commands-hint task-commands-error" : "task-commands-hint"}
      className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <legend className="px-1 text-sm font-semibold text-gray-900 dark:text-gray-100">Commands</legend>
      <p id="task-commands-hint" className="-mt-1 text-xs text-gray-500 dark:text-gray-400">
        Fill in the command for at least one platform.
      </p>
      {TASK_PLATFORMS.map((platform) => (
        <TextAreaField
          key={platform}
          label={TASK_PLATFORM_LABELS[platform]}
          rows={2}
          monospace
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={PLACEHOLDERS[platform]}
          aria-invalid={anyError ? true : undefined}
          error={form.errorOf(platform)}
          {...form.register(platform)}
        />
      ))}
      {groupError && (
        <p id="task-commands-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {groupError}
        </p>
      )}
    </fieldset>
  );
}
