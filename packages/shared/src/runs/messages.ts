/** What people are told about approvals, typed confirmations and the run gate (decision 067). */
export const APPROVAL_MESSAGES = {
  onlyAdminsSetApproval: "Only admins and owners can change a workflow's approval and freeze-window settings",
  approverRequired: "Choose a minimum role or at least one named member who may approve",
  notAMember: "Every named approver must be a member of this organization",
  memberIdsUnique: "Name each approver once",
  approvalsRange: "Between 1 and 3 approvals",
  expiryRange: "A request waits between 1 minute and 7 days",
  commentTooLong: "A comment can be at most 1000 characters",
  noteTooLong: "A note can be at most 1000 characters",
  notAwaiting: "This run is not waiting for approval",
  ownRequest: "You asked for this run, so someone else must approve it",
  alreadyDecided: "You have already approved this run",
  notAnApprover: "You may not approve runs of this workflow",
  awaitingApproval: "A run of this workflow is waiting for approval: approve, reject or cancel it first",
  confirmNameRequired: "Type the workflow's name to run it",
  confirmNameMismatch: "The name typed is not the workflow's name",
} as const;
