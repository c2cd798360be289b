import { describe, expect, it } from "vitest";
import { append, prepend } from "./log-lines.ts";

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

  it("put the output before the tail in front of it, joining the line the tail's first chunk cut", () => {
    const tail = append(empty(), [
      { id: 3, position: 0, stream: "stdout", text: "ee\nfour\n" },
      { id: 4, position: 1, stream: "stdout", text: "five\n" },
    ]);
    const logs = prepend(tail, [
      { id: 1, position: 0, stream: "stdout", text: "one\ntwo\nthr" },
      { id: 2, position: 2, stream: "stderr", text: "gone\n" },
    ]);
    expect(logs.lines.get(0)?.map((line) => line.text)).toEqual(["one\n", "two\n", "three\n", "four\n"]);
    expect(logs.lines.get(1)?.map((line) => line.text)).toEqual(["five\n"]);
    expect(logs.lines.get(2)).toEqual([{ stream: "stderr", text: "gone\n" }]);
    expect(logs.count).toBe(6);
  });
});
