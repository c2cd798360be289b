import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { useId } from "react";
import type { CommandNames } from "../lib/use-command-names.ts";
import { AvailableCommands } from "./available-commands.tsx";
import { ChosenCommands } from "./chosen-commands.tsx";

type CommandPickerProps = {
  orgId: string;
  /** Chosen command ids, in order. */
  value: string[];
  onChange: (ids: string[]) => void;
  names: CommandNames;
  error?: string;
};

/**
 * Spec 5 "Workflow form": "Only active tasks are selectable. Selected commands can be moved up or
 * down." The commands to tick on one side, the chosen ones in order on the other.
 */
export function CommandPicker({ orgId, value, onChange, names, error }: CommandPickerProps) {
  const errorId = useId();
  const toggle = (command: WorkflowCommand, on: boolean) => {
    if (on) names.remember(command);
    onChange(on ? [...value, command.id] : value.filter((id) => id !== command.id));
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">Commands</legend>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <AvailableCommands orgId={orgId} chosen={new Set(value)} onToggle={toggle} />
        <ChosenCommands value={value} onChange={onChange} nameOf={names.nameOf} />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
