import type { RunLogChunk } from "@flowdeck/shared/runs/schemas";
import stripAnsi from "strip-ansi";

export type LogLine = { stream: RunLogChunk["stream"]; text: string };

/** Adds chunks to the lines held, step by step, with ANSI escapes stripped. */
export function append(previous: { lines: Map<number, LogLine[]>; count: number }, chunks: readonly RunLogChunk[]) {
  const lines = new Map(previous.lines);
  let count = previous.count;
  for (const chunk of chunks) {
    const step = [...(lines.get(chunk.position) ?? [])];
    const parts = stripAnsi(chunk.text).split("\n");
    const last = step.at(-1);
    // A line cut between two chunks of the same stream goes on where it stopped.
    if (last && !last.text.endsWith("\n") && last.stream === chunk.stream) {
      step[step.length - 1] = { ...last, text: last.text + parts.shift()! + (parts.length > 0 ? "\n" : "") };
    }
    parts.forEach((part, index) => {
      const final = index === parts.length - 1;
      if (final && part === "") return;
      step.push({ stream: chunk.stream, text: final ? part : `${part}\n` });
      count++;
    });
    lines.set(chunk.position, step);
  }
  return { lines, count };
}

/**
 * Puts chunks printed before the lines held (the output the stream left out before its tail) in
 * front of them, step by step, joining a line the tail's first chunk cut.
 */
export function prepend(held: { lines: Map<number, LogLine[]>; count: number }, chunks: readonly RunLogChunk[]) {
  const earlier = append({ lines: new Map(), count: 0 }, chunks);
  const lines = new Map(earlier.lines);
  let count = earlier.count + held.count;
  for (const [position, later] of held.lines) {
    const before = lines.get(position) ?? [];
    const last = before.at(-1);
    const first = later[0];
    if (last && first && !last.text.endsWith("\n") && last.stream === first.stream) {
      lines.set(position, [...before.slice(0, -1), { ...last, text: last.text + first.text }, ...later.slice(1)]);
      count--;
    } else {
      lines.set(position, [...before, ...later]);
    }
  }
  return { lines, count };
}
