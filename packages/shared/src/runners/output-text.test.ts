import { describe, expect, it } from "vitest";
import { storableOutput } from "./output-text.ts";

describe("storable output", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps everything else", () => {
    expect(storableOutput("a\u0000b\n")).toBe("a\uFFFDb\n");
    expect(storableOutput("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
    expect(storableOutput("tab\there, emoji 😀, é, \u001b[31mred")).toBe("tab\there, emoji 😀, é, \u001b[31mred");
  });
});
