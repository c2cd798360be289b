import { describe, expect, it } from "vitest";
import { MESSAGES } from "../errors/messages.ts";
import { CREDIT_TEXTS } from "./messages.ts";
import { formatSignedAmount } from "./amounts.ts";
import { CreditChangeSchema, CreditTransactionsQuerySchema, parseDashboardAmount } from "./schemas.ts";

function firstMessage(input: unknown) {
  const result = CreditChangeSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("credit amounts (spec 5 'Credits')", () => {
  it.each([0, -1, -1.5, "5", null, undefined, Number.NaN])("refuses %s with 'Amount must be positive'", (amount) => {
    expect(firstMessage({ amount })).toBe(MESSAGES.amountMustBePositive);
  });

  it("refuses fractions and amounts over the limit", () => {
    expect(firstMessage({ amount: 2.5 })).toBe(CREDIT_TEXTS.amountWhole);
    expect(firstMessage({ amount: 1_000_001 })).toBe(CREDIT_TEXTS.amountTooLarge(1_000_000));
  });

  it("accepts a whole positive amount and trims the description", () => {
    expect(CreditChangeSchema.parse({ amount: 7, description: "  Export  " })).toEqual({
      amount: 7,
      description: "Export",
    });
  });
});

describe("the dashboard's amount field", () => {
  it.each([
    ["", { ignored: true }],
    ["   ", { ignored: true }],
    ["0", { ignored: true }],
    ["-4", { ignored: true }],
    ["abc", { ignored: true }],
    ["12", { amount: 12 }],
    [" 3 ", { amount: 3 }],
    ["1e3", { amount: 1000 }],
    ["7.9", { error: "Amount must be a whole number" }],
    ["1.5", { error: "Amount must be a whole number" }],
    ["2000000", { error: "Amount must be at most 1,000,000" }],
  ])("%j → %o", (input, expected) => {
    expect(parseDashboardAmount(input)).toEqual(expected);
  });
});

describe("transaction list helpers", () => {
  it("signs amounts", () => {
    expect(formatSignedAmount(25)).toBe("+25");
    expect(formatSignedAmount(-1500)).toBe("-1,500");
  });

  it("filters by type and reads a page after a cursor", () => {
    expect(CreditTransactionsQuerySchema.parse({ type: "addition", cursor: "abc", pageSize: "5" })).toEqual({
      type: "addition",
      cursor: "abc",
      pageSize: 5,
    });
    expect(CreditTransactionsQuerySchema.safeParse({ type: "refund" }).success).toBe(false);
  });
});
