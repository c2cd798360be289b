import { describe, expect, it } from "vitest";
import { append } from "./log-lines.ts";

const empty = () => ({ lines: new Map(), count: 0 });

describe("the run view's log lines", () => {
  it("split chunks into lines per step, joining a line cut between two chunks of one stream", () => {
    const logs = append(empty(), [
      { id: 1, position: 0, stream: "stdout", text: "one\ntw" },
      { id: 2, position: 0, stream: "stdout", text: "o\nthree\n" },
      { id: 3, position: 1, stream: "stderr", text: "oops\n" },
    ]);
    expect(logs.lines.get(0)).toEqual([
      { stream: "stdout", text: "one\n" },
      { stream: "stdout", text: "two\n" },
      { stream: "stdout", text: "three\n" },
    ]);
    expect(logs.lines.get(1)).toEqual([{ stream: "stderr", text: "oops\n" }]);
  });

  it("strip ANSI colours and never join stdout onto stderr", () => {
    const logs = append(empty(), [
      { id: 1, position: 0, stream: "stdout", text: "\u001b[31mred" },
      { id: 2, position: 0, stream: "stderr", text: "\u001b[1mbold\u001b[0m\n" },
    ]);
    expect(logs.lines.get(0)).toEqual([
      { stream: "stdout", text: "red" },
      { stream: "stderr", text: "bold\n" },
    ]);
  });
});
