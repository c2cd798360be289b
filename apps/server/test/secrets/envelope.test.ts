import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  EnvelopeError,
  keyId,
  newKey,
  openValue,
  parseKey,
  sealValue,
  SecretKey,
  unwrapDataKey,
  wrapDataKey,
  type Sealed,
} from "../../src/lib/envelope.ts";
import { DISTINCT_VALUES, leaksOf } from "./leak-checks.ts";

const place = { organizationId: "org-1", name: "DB_PASSWORD" };
const VALUE = DISTINCT_VALUES.DB_PASSWORD;

/** A sealed value as PostgreSQL would print its bytea columns, and as base64. */
const printed = (sealed: Sealed) =>
  [sealed.iv, sealed.ciphertext, sealed.tag]
    .flatMap((bytes) => [`\\x${bytes.toString("hex")}`, bytes.toString("base64")])
    .join(" ");

describe("a secret's value, sealed with its organization's data key", () => {
  it("opens to the value again", () => {
    const dataKey = newKey();
    expect(openValue(dataKey, sealValue(dataKey, VALUE, place), place)).toBe(VALUE);
    const multiline = DISTINCT_VALUES.MULTI_LINE;
    expect(openValue(dataKey, sealValue(dataKey, multiline, place), place)).toBe(multiline);
    const unicode = "pässwörd—🔑 with spaces ";
    expect(openValue(dataKey, sealValue(dataKey, unicode, place), place)).toBe(unicode);
  });

  it("is not the value and holds no part of it of 4 characters or more, nor its base64", () => {
    const sealed = sealValue(newKey(), VALUE, place);
    expect(sealed.ciphertext.toString("utf8")).not.toBe(VALUE);
    expect(leaksOf(printed(sealed), VALUE)).toEqual([]);
    expect(leaksOf(sealed.ciphertext.toString("latin1"), VALUE)).toEqual([]);
  });

  it("has a new random 96-bit IV each time, so one value sealed twice looks different", () => {
    const dataKey = newKey();
    const [first, second] = [sealValue(dataKey, VALUE, place), sealValue(dataKey, VALUE, place)];
    expect(first.iv).toHaveLength(12);
    expect(first.tag).toHaveLength(16);
    expect(first.iv.equals(second.iv)).toBe(false);
    expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
  });

  it("does not open under another organization or another name (the additional data binds it)", () => {
    const dataKey = newKey();
    const sealed = sealValue(dataKey, VALUE, place);
    expect(() => openValue(dataKey, sealed, { ...place, organizationId: "org-2" })).toThrow(EnvelopeError);
    expect(() => openValue(dataKey, sealed, { ...place, name: "OTHER_NAME" })).toThrow(EnvelopeError);
    // A name and organization that would run together in a plain concatenation stay apart.
    const joined = sealValue(dataKey, VALUE, { organizationId: "org", name: "A_B" });
    expect(() => openValue(dataKey, joined, { organizationId: "orgA", name: "_B" })).toThrow(EnvelopeError);
  });

  it("does not open with another key, nor once a byte of it changed", () => {
    const dataKey = newKey();
    const sealed = sealValue(dataKey, VALUE, place);
    expect(() => openValue(newKey(), sealed, place)).toThrow(EnvelopeError);
    for (const part of ["iv", "ciphertext", "tag"] as const) {
      const changed = { ...sealed, [part]: Buffer.from(sealed[part]) };
      changed[part][0]! ^= 1;
      expect(() => openValue(dataKey, changed, place)).toThrow(EnvelopeError);
    }
    expect(() => openValue(dataKey, { ...sealed, tag: sealed.tag.subarray(0, 8) }, place)).toThrow(EnvelopeError);
  });
});

describe("an organization's data key, wrapped by the master key", () => {
  it("records the master key's id and opens with that key only", () => {
    const [master, other] = [newKey(), newKey()];
    const dataKey = newKey();
    const wrapped = wrapDataKey(master, dataKey, "org-1");
    expect(wrapped.masterKeyId).toBe(master.id);
    expect(unwrapDataKey([other, master], wrapped, "org-1").bytes().equals(dataKey.bytes())).toBe(true);
    expect(() => unwrapDataKey([other], wrapped, "org-1")).toThrow(`sealed with master key ${master.id}`);
    // A stored id that lies about the key still fails: GCM checks the key itself.
    expect(() => unwrapDataKey([other], { ...wrapped, masterKeyId: other.id }, "org-1")).toThrow(EnvelopeError);
  });

  it("does not open for another organization", () => {
    const master = newKey();
    const wrapped = wrapDataKey(master, newKey(), "org-1");
    expect(() => unwrapDataKey([master], wrapped, "org-2")).toThrow(EnvelopeError);
  });

  it("holds none of the data key's bytes in the clear", () => {
    const dataKey = newKey();
    const wrapped = wrapDataKey(newKey(), dataKey, "org-1");
    expect(wrapped.ciphertext.includes(dataKey.bytes().subarray(0, 8))).toBe(false);
  });
});

describe("keys", () => {
  it("never print: JSON, inspect and strings show only the id", () => {
    const key = newKey();
    const secretForms = [
      key.bytes().toString("base64"),
      key.bytes().toString("hex"),
      key.bytes().toString("base64url"),
    ];
    const shown = [JSON.stringify({ key }), inspect(key), inspect({ nested: { key } }), String(key), `${key}`];
    for (const text of shown) {
      for (const form of secretForms) expect(text).not.toContain(form);
      expect(text).toContain(key.id);
    }
  });

  it("have an id of 16 hex digits derived from the key, the same for the same key", () => {
    const bytes = Buffer.alloc(32, 1);
    expect(new SecretKey(bytes).id).toMatch(/^[0-9a-f]{16}$/);
    expect(new SecretKey(bytes).id).toBe(keyId(bytes));
    expect(newKey().id).not.toBe(newKey().id);
  });

  it("are read from 32 bytes of base64 or base64url, and nothing else", () => {
    const bytes = Buffer.alloc(32, 200);
    expect(parseKey(bytes.toString("base64")).bytes().equals(bytes)).toBe(true);
    expect(
      parseKey(` ${bytes.toString("base64url")}\n`)
        .bytes()
        .equals(bytes),
    ).toBe(true);
    expect(() => parseKey(Buffer.alloc(16).toString("base64"))).toThrow("holds 16 bytes, not 32");
    expect(() => parseKey(Buffer.alloc(33).toString("base64"))).toThrow("holds 33 bytes, not 32");
    expect(() => parseKey("not base64 at all!")).toThrow("is not base64");
    expect(() => parseKey("")).toThrow("is not base64");
  });
});
