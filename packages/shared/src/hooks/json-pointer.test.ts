import { describe, expect, it } from "vitest";
import { isJsonPointer, resolvePointer } from "./json-pointer.ts";

// The examples of RFC 6901, section 5, and what a pointer must never reach.
const RFC_DOCUMENT = {
  foo: ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  'k"l': 6,
  " ": 7,
  "m~n": 8,
};

describe("resolvePointer", () => {
  it.each([
    ["", RFC_DOCUMENT],
    ["/foo", ["bar", "baz"]],
    ["/foo/0", "bar"],
    ["/", 0],
    ["/a~1b", 1],
    ["/c%d", 2],
    ["/e^f", 3],
    ["/g|h", 4],
    ["/i\\j", 5],
    ['/k"l', 6],
    ["/ ", 7],
    ["/m~0n", 8],
  ])("finds %j as RFC 6901 says", (pointer, value) => {
    expect(resolvePointer(RFC_DOCUMENT, pointer)).toEqual({ found: true, value });
  });

  it.each(["/missing", "/foo/2", "/foo/01", "/foo/-", "/foo/0/x", "/__proto__", "/constructor", "/toString"])(
    "finds nothing at %j",
    (pointer) => {
      expect(resolvePointer(RFC_DOCUMENT, pointer)).toEqual({ found: false });
    },
  );

  it("finds null as a value, and refuses what is not a pointer", () => {
    expect(resolvePointer({ a: null }, "/a")).toEqual({ found: true, value: null });
    expect(isJsonPointer("ref")).toBe(false);
    expect(isJsonPointer("/a~2")).toBe(false);
    expect(resolvePointer({ ref: 1 }, "ref")).toEqual({ found: false });
  });
});
