import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Each test starts from an empty page, with the real fetch (testing/fetch.ts stands in for it).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// happy-dom has no HTMLSelectElement.size, which a browser answers with 0 when the attribute is
// absent. react-hook-form reads it to tell whether a select was changed before the form was
// ready; without it every registered select looked changed and gave up the form's default value
// for its first option.
if (!("size" in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, "size", {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute("size") ?? 0);
    },
  });
}
