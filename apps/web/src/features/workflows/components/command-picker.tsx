import { TASK_CATEGORY_LABELS } from "@flowdeck/shared/tasks/constants";
import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { ArrowDown, ArrowUp, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";

type CommandPickerProps = {
  /** The active commands; undefined while loading. */
  commands: WorkflowCommand[] | undefined;
  loadError: string | null;
  /** Chosen command ids, in order. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** Names of chosen commands no longer offered (made inactive since they were chosen). */
  knownNames: Map<string, string>;
  error?: string;
};

type Move = { id: string; direction: "up" | "down" };

/**
 * Spec 5 "Workflow form": only active commands are offered, in a scrolling list with a search;
 * the chosen ones are listed in order and move up or down with buttons (keyboard focus follows the
 * moved command).
 */
export function CommandPicker({ commands, loadError, value, onChange, knownNames, error }: CommandPickerProps) {
  const [search, setSearch] = useState("");
  // The command just moved: once the list has re-rendered, focus returns to its button.
  const pendingFocus = useRef<Move | null>(null);
  const chosenList = useRef<HTMLOListElement>(null);
  const errorId = useId();
  const searchId = useId();

  const chosen = new Set(value);
  const term = search.trim().toLowerCase();
  const offered = (commands ?? []).filter(
    (command) => !term || command.name.toLowerCase().includes(term) || command.description.toLowerCase().includes(term),
  );
  const nameOf = (id: string) => commands?.find((command) => command.id === id)?.name ?? knownNames.get(id) ?? id;

  useEffect(() => {
    const moved = pendingFocus.current;
    if (!moved) return;
    pendingFocus.current = null;
    const find = (direction: Move["direction"]) =>
      chosenList.current?.querySelector<HTMLButtonElement>(
        `button[data-command="${CSS.escape(moved.id)}"][data-direction="${direction}"]`,
      );
    const same = find(moved.direction);
    const other = find(moved.direction === "up" ? "down" : "up");
    // At the top or bottom its button is disabled: the other direction takes the focus.
    (same && !same.disabled ? same : other)?.focus();
  }, [value]);

  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));
  const move = (index: number, direction: Move["direction"]) => {
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target]!, next[index]!];
    pendingFocus.current = { id: value[index]!, direction };
    onChange(next);
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">Commands</legend>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <label htmlFor={searchId} className="sr-only">
            Search commands
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder="Search commands"
              onChange={(event) => setSearch(event.target.value)}
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            />
          </div>
          <div
            role="group"
            aria-label="Available commands"
            className="h-60 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 dark:border-gray-800 dark:bg-gray-900"
          >
            {loadError ? (
              <p className="p-3 text-sm text-red-600 dark:text-red-400">{loadError}</p>
            ) : !commands ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading commands" />
              </div>
            ) : offered.length === 0 ? (
              <p className="p-3 text-sm text-gray-500 dark:text-gray-400">
                {commands.length === 0 ? "No active commands yet. Add some on the Tasks page." : "No command matches."}
              </p>
            ) : (
              offered.map((command) => (
                <label
                  key={command.id}
                  className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 hover:bg-gray-50 dark:hover:bg-gray-800"
                >
                  <input
                    type="checkbox"
                    checked={chosen.has(command.id)}
                    onChange={(event) => toggle(command.id, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm wrap-anywhere text-gray-900 dark:text-gray-100">{command.name}</span>
                    <span className="block text-xs text-gray-500 dark:text-gray-400">
                      {TASK_CATEGORY_LABELS[command.category]}
                    </span>
                  </span>
                </label>
              ))
            )}
          </div>
        </div>

        <div className="space-y-2">
          <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
            Chosen, in order ({value.length})
          </p>
          {value.length === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 p-4 text-sm text-gray-500 dark:border-gray-700 dark:text-gray-400">
              Tick commands on the left; they run in the order listed here.
            </p>
          ) : (
            <ol ref={chosenList} aria-label="Chosen commands" className="space-y-1.5">
              {value.map((id, index) => {
                const name = nameOf(id);
                return (
                  <li
                    key={id}
                    className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 py-1 pr-1 pl-3 dark:border-gray-800 dark:bg-gray-800/50"
                  >
                    <span className="w-5 text-xs font-semibold text-gray-600 tabular-nums dark:text-gray-300">
                      {index + 1}.
                    </span>
                    <span className="min-w-0 flex-1 text-sm wrap-anywhere text-gray-900 dark:text-gray-100">
                      {name}
                    </span>
                    <IconButton
                      command={id}
                      direction="up"
                      label={`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => move(index, "up")}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      command={id}
                      direction="down"
                      label={`Move ${name} down`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, "down")}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton label={`Remove ${name}`} onClick={() => toggle(id, false)}>
                      <X aria-hidden="true" className="size-4" />
                    </IconButton>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
  command,
  direction,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  command?: string;
  direction?: Move["direction"];
}) {
  return (
    <button
      data-command={command}
      data-direction={direction}
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md p-1.5 text-gray-600 hover:bg-white hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-30 dark:text-gray-300 dark:hover:bg-gray-700 dark:hover:text-gray-100"
    >
      {children}
    </button>
  );
}
