import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { TextLink } from "@/components/ui/text-link.tsx";
import type { RunChoice } from "./run-now-dialog.tsx";
import { runnerText } from "./run-on-field.tsx";

/**
 * Run now's choice for a workflow whose runs go to its own runners (decision 080): every matching
 * runner, each on its own OS, or its chosen runner. Neither asks for a platform.
 */
export function TargetChoice({
  options,
  name,
  checked,
  onChoose,
}: {
  options: RunOptions;
  /** The radio group's name. */
  name: string;
  checked: boolean;
  onChoose: (choice: RunChoice) => void;
}) {
  const { target, runners } = options;
  const pinned = target.mode === "runner" ? runners.find((runner) => runner.id === target.runnerId) : undefined;
  const online = runners.filter((runner) => runner.online).length;
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value="runners"
        checked={checked}
        onChange={() => onChoose("runners")}
        className="mt-1"
      />
      <span>
        <span className="font-medium">
          {target.mode === "all" ? "On its runners" : `On ${pinned ? runnerText(pinned) : "its chosen runner"}`}
        </span>
        <span className="block text-gray-600 dark:text-gray-400">
          {target.mode === "runner" ? (
            "It waits for this runner while it is offline."
          ) : runners.length > 0 ? (
            `${online} of ${runners.length} runner${runners.length === 1 ? "" : "s"} with its labels online; each runs it on its own OS.`
          ) : (
            <>
              No runner has its labels, so nothing would run. <TextLink to="/admin/runners">See Runners</TextLink>
            </>
          )}
        </span>
      </span>
    </label>
  );
}
