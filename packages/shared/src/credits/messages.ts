/**
 * Texts of the credit ledger that the specification leaves open. Its own texts ('Amount must be
 * positive', 'Insufficient credits', 'You do not have permission to add credits') are in
 * errors/messages.ts.
 */
export const CREDIT_TEXTS = {
  /** The opening 'addition' of a new organization's starting balance. */
  initialCredits: "Initial credits",
  /** Descriptions of a change made without one. */
  consumedDescription: "Credits consumed",
  addedDescription: "Credits added",
  amountWhole: "Amount must be a whole number",
  amountTooLarge: (max: number) => `Amount must be at most ${max.toLocaleString("en-US")}`,
  balanceTooLarge: (max: number) => `The balance cannot exceed ${max.toLocaleString("en-US")} credits`,
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
} as const;
