/** What the freeze-window API and page say (decision 071). */
export const FREEZE_WINDOW_MESSAGES = {
  reasonRequired: "Say why changes are frozen (a reason)",
  reasonTooLong: "The reason can be at most 200 characters",
  startsAtInvalid: "Give the start as a date and time",
  endsAtInvalid: "Give the end as a date and time",
  endBeforeStart: "The window must end after it starts",
  tooLong: "A one-off window can last at most 90 days",
  oneKind: "A window is either one-off (startsAt and endsAt) or weekly, not both",
  daysRequired: "Choose at least one day",
  dayInvalid: "Days are 0 (Sunday) to 6 (Saturday)",
  timeInvalid: "Use a time of day as HH:MM (00:00 to 23:59)",
  sameTimes: "A weekly window's start and end must differ",
  tooMany: "An organization can have at most 100 freeze windows",
  notFound: "Freeze window not found",
  cannotManage: "Only admins and owners can manage freeze windows",
  /** A manual or API run refused during a window. */
  frozen: (reason: string, endsAt: string) =>
    `Runs of this workflow are frozen until ${endsAt}: "${reason}". An admin or owner can override with a reason.`,
  overrideRoleRequired: "Only an admin or owner can override a freeze window",
  overrideReasonRequired: "Give a reason for the override",
} as const;
