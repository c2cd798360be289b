import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { LogLine } from "../lib/log-lines.ts";

const LINE_HEIGHT = 20;

/**
 * A step's output, virtualised so a long log stays fast: only the lines in view are in the page.
 * It follows new output while the reader is at the bottom, and stops following once they scroll up.
 * stderr is red and marked for screen readers; the runner's own notes are in italics.
 */
export function RunLogView({
  lines,
  label,
  onScrolledToTop,
}: {
  lines: readonly LogLine[];
  label: string;
  /** The reader reached the first line held: the run view loads the output before it. */
  onScrolledToTop?: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const held = useRef({ first: lines[0], count: lines.length });
  // The virtualizer re-renders this component itself; none of its functions go to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });

  useEffect(() => {
    if (following.current && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: "end" });
  }, [lines.length, virtualizer]);

  // Earlier output put in front keeps the lines the reader was looking at where they were.
  useLayoutEffect(() => {
    const before = held.current;
    held.current = { first: lines[0], count: lines.length };
    const element = scroller.current;
    if (!element || following.current || before.count === 0 || lines[0] === before.first) return;
    element.scrollTop += (lines.length - before.count) * LINE_HEIGHT;
  }, [lines]);

  if (lines.length === 0) return null;
  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - LINE_HEIGHT * 2;
        if (element.scrollTop === 0) onScrolledToTop?.();
      }}
      className="max-h-96 overflow-auto rounded-md bg-gray-950 font-mono text-xs text-gray-100"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div
              key={item.key}
              className={
                line.stream === "stderr"
                  ? "absolute left-0 w-full px-3 whitespace-pre text-red-300"
                  : line.stream === "system"
                    ? "absolute left-0 w-full px-3 whitespace-pre text-sky-300 italic"
                    : "absolute left-0 w-full px-3 whitespace-pre"
              }
              style={{ top: item.start, height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px` }}
            >
              {line.stream === "stderr" && <span className="sr-only">stderr: </span>}
              {line.text.replace(/\n$/, "")}
            </div>
          );
        })}
      </div>
    </div>
  );
}
