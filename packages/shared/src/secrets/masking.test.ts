import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { revealingForms, SecretMasker } from "./masking.ts";

const PASSWORD = "s3cr3t-Pa$$word/+=";
const KEY = "-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nAS4wggEqAgEAAoIBAQC7\n-----END KEY-----";

function streamed(masker: SecretMasker, chunks: string[]): { sent: string[]; all: string } {
  const stream = masker.stream();
  const sent = chunks.map((chunk) => stream.write(chunk));
  sent.push(stream.end());
  return { sent, all: sent.join("") };
}

describe("masking secret values in output", () => {
  const masker = new SecretMasker([PASSWORD, KEY]);

  it("masks the value, and only the value", () => {
    expect(masker.mask(`connecting with ${PASSWORD} to db`)).toBe("connecting with *** to db");
    expect(masker.mask("nothing secret here: s3cr3t")).toBe("nothing secret here: s3cr3t");
  });

  it("masks each line of a multi-line value on its own", () => {
    const printed = masker.mask(`first line only: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n${KEY}\n`);
    expect(printed).not.toContain("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC");
    expect(printed).not.toContain("AS4wggEqAgEAAoIBAQC7");
    expect(printed).toContain("first line only: ***");
  });

  it("masks the base64 forms, at any position in a longer encoded text", () => {
    for (const prefix of ["", "u", "us", "user:"]) {
      const encoded = Buffer.from(`${prefix}${PASSWORD}\n`).toString("base64");
      const masked = masker.mask(`Authorization: Basic ${encoded}`);
      expect(masked, prefix).toContain("***");
      // What is left cannot be decoded back into the value.
      expect(Buffer.from(masked.replace("***", ""), "base64").toString("latin1")).not.toContain(PASSWORD.slice(2, -2));
    }
    const urlSafe = Buffer.from(PASSWORD).toString("base64url");
    expect(masker.mask(urlSafe)).not.toContain(urlSafe.slice(2, -2));
  });

  it("masks the URL-encoded forms", () => {
    expect(masker.mask(`https://db/?password=${encodeURIComponent(PASSWORD)}&x=1`)).toBe(
      "https://db/?password=***&x=1",
    );
    expect(revealingForms("with space!")).toContain("with+space!");
  });

  it("masks a value split across two chunks, and sends the rest at once", () => {
    const { sent, all } = streamed(masker, [`token=${PASSWORD.slice(0, 7)}`, `${PASSWORD.slice(7)} done\n`]);
    expect(all).toBe("token=*** done\n");
    expect(sent[0]).toBe("token=");
    const plain = streamed(masker, ["a line\n", "another\n"]);
    expect(plain.sent).toEqual(["a line\n", "another\n", ""]);
  });

  it("releases what it held back when the stream ends without the rest of a value", () => {
    expect(streamed(masker, ["ends with s3cr"]).all).toBe("ends with s3cr");
  });

  it("masks a value split across many small chunks", () => {
    const text = `one ${PASSWORD} two ${PASSWORD}`;
    expect(streamed(masker, [...text]).all).toBe("one *** two ***");
  });

  it("masks nothing without values, and ignores lines too short to mask", () => {
    expect(new SecretMasker([]).mask("anything")).toBe("anything");
    expect(new SecretMasker([]).masksNothing).toBe(true);
    expect(revealingForms("abc\nlonger-line").every((form) => form !== "abc")).toBe(true);
  });

  it("masks a longer value whole when a shorter one is inside it", () => {
    expect(new SecretMasker(["abcd", "xxabcdyy"]).mask("[xxabcdyy] [abcd]")).toBe("[***] [***]");
  });
});
