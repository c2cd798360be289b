import { formatCount } from "@flowdeck/shared/keyset-count";
import { TASK_CATEGORY_LABELS } from "@flowdeck/shared/tasks/constants";
import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useWorkflowCommands } from "../api/get-workflow-commands.ts";

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

type AvailableCommandsProps = {
  orgId: string;
  chosen: ReadonlySet<string>;
  onToggle: (command: WorkflowCommand, on: boolean) => void;
};

/**
 * Spec 5 "Workflow form": only active commands are offered, newest first, searched on the server
 * and read a page at a time, as an organization may have 100,000 of them (docs/decisions/050).
 */
export function AvailableCommands({ orgId, chosen, onToggle }: AvailableCommandsProps) {
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const commands = useWorkflowCommands(orgId, term);
  const searchId = useId();
  const group = useRef<HTMLDivElement>(null);
  // The first command "Load more commands" will add: it takes the focus, as the button may go.
  const firstNew = useRef<number | null>(null);

  const pages = commands.data?.pages;
  const offered = pages?.flatMap((page) => page.items);
  const last = pages?.at(-1);
  const shown = offered?.length ?? 0;
  // Until the new search answers, the commands shown are an earlier search's.
  const searched = term !== "" || commands.isPlaceholderData;

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || shown <= index) return;
    firstNew.current = null;
    group.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[index]?.focus();
  }, [shown]);

  const loadMore = () => {
    firstNew.current = shown;
    void commands.fetchNextPage();
  };

  return (
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
        ref={group}
        role="group"
        aria-label="Available commands"
        aria-busy={commands.isPlaceholderData || undefined}
        className="h-60 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 dark:border-gray-800 dark:bg-gray-900"
      >
        {commands.error && <p className="p-3 text-sm text-red-600 dark:text-red-400">{commands.error.message}</p>}
        {!offered ? (
          !commands.error && (
            <div className="flex justify-center p-6">
              <Spinner label="Loading commands" />
            </div>
          )
        ) : offered.length === 0 ? (
          <p className="p-3 text-sm text-gray-500 dark:text-gray-400">
            {searched ? "No command matches." : "No active commands yet. Add some on the Tasks page."}
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
                onChange={(event) => onToggle(command, event.target.checked)}
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
        {commands.hasNextPage && (
          <div className="flex justify-center p-2">
            <Button
              variant="secondary"
              busy={commands.isFetchingNextPage}
              // An earlier search's pages are on screen: its next page is not this search's.
              disabled={commands.isPlaceholderData}
              onClick={loadMore}
            >
              {commands.isFetchingNextPage && <Spinner className="size-4" />}
              Load more commands
            </Button>
          </div>
        )}
      </div>
      <p aria-live="polite" className="text-xs text-gray-500 dark:text-gray-400">
        {last && shown > 0 && countLine(shown, last)}
      </p>
    </div>
  );
}

/** "Showing 50 of 1,234 commands", or "of 10,000+" when the server stopped counting. */
function countLine(shown: number, { total, totalCapped }: { total: number; totalCapped: boolean }) {
  const noun = total === 1 && !totalCapped ? "command" : "commands";
  return `Showing ${formatCount(shown, false)} of ${formatCount(total, totalCapped)} ${noun}`;
}
