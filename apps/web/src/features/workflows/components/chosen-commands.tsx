import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";

type ChosenCommandsProps = {
  /** Chosen command ids, in order. */
  value: string[];
  onChange: (ids: string[]) => void;
  nameOf: (id: string) => string;
};

type Move = { id: string; direction: "up" | "down" };

/**
 * Spec 5 "Workflow form": the chosen commands in the order they run, moved up or down with buttons
 * (keyboard focus follows the moved command) or removed.
 */
export function ChosenCommands({ value, onChange, nameOf }: ChosenCommandsProps) {
  // The command just moved: once the list has re-rendered, focus returns to its button.
  const pendingFocus = useRef<Move | null>(null);
  const chosenList = useRef<HTMLOListElement>(null);

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

  const move = (index: number, direction: Move["direction"]) => {
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target]!, next[index]!];
    pendingFocus.current = { id: value[index]!, direction };
    onChange(next);
  };

  return (
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
                <span className="min-w-0 flex-1 text-sm wrap-anywhere text-gray-900 dark:text-gray-100">{name}</span>
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
                <IconButton label={`Remove ${name}`} onClick={() => onChange(value.filter((other) => other !== id))}>
                  <X aria-hidden="true" className="size-4" />
                </IconButton>
              </li>
            );
          })}
        </ol>
      )}
    </div>
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
