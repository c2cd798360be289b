import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";

export type RunChoice = RunnerPlatform | "checklist";

/**
 * When a workflow's commands exist for several platforms, Run now asks where to execute it; the
 * platform of an online runner is chosen first. A checklist (ticked by hand, spec 4) stays possible.
 */
export function RunNowDialog({
  workflowName,
  options,
  busy,
  onRun,
  onClose,
}: {
  workflowName: string;
  options: RunOptions;
  busy: boolean;
  onRun: (choice: RunChoice) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<RunChoice>(options.defaultPlatform ?? "checklist");
  const name = useId();
  const runnersText = (online: number, all: number) =>
    all === 0
      ? "no runner yet: it waits queued until one registers"
      : `${online} of ${all} runner${all === 1 ? "" : "s"} online`;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Run ${workflowName}`}
      description="Its commands exist for several platforms. Where should it run?"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => onRun(choice)}>
            Run
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Platform</legend>
        {options.platforms.map((option) => (
          <label key={option.platform} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.platform}
              checked={choice === option.platform}
              onChange={() => setChoice(option.platform)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{TASK_PLATFORM_LABELS[option.platform]}</span>
              <span className="block text-gray-600 dark:text-gray-400">
                {runnersText(option.runnersOnline, option.runners)}
              </span>
            </span>
          </label>
        ))}
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value="checklist"
            checked={choice === "checklist"}
            onChange={() => setChoice("checklist")}
            className="mt-1"
          />
          <span>
            <span className="font-medium">Checklist</span>
            <span className="block text-gray-600 dark:text-gray-400">Nothing is executed: people tick the steps.</span>
          </span>
        </label>
      </fieldset>
    </Modal>
  );
}
