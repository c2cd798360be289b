import type { WorkflowStep } from "@flowdeck/shared/workflows/schemas";
import { useState } from "react";

/** How the form names its chosen commands: in the chosen list and in the run settings. */
export type CommandNames = {
  nameOf: (id: string) => string;
  /** Keeps a ticked command's name for when it is no longer among the commands the picker shows. */
  remember: (command: { id: string; name: string }) => void;
};

/**
 * The picker holds only the loaded pages of the current search, so a command chosen on another
 * page or from another search is named from what was remembered when it was ticked. A saved
 * workflow's steps name the commands it had, including those made inactive since.
 */
export function useCommandNames(steps: readonly WorkflowStep[] | undefined): CommandNames {
  const [ticked, setTicked] = useState<ReadonlyMap<string, string>>(new Map());
  return {
    nameOf: (id) => ticked.get(id) ?? steps?.find((step) => step.taskId === id)?.name ?? id,
    remember: ({ id, name }) => setTicked((names) => new Map(names).set(id, name)),
  };
}
