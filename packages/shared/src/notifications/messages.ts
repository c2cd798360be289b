export const NOTIFICATION_MESSAGES = {
  nameRequired: "Please give the rule a name",
  eventsRequired: "Please choose at least one event",
  channelRequired: "Please choose who gets the e-mail or give a webhook URL",
  minutesRequired: "Please say after how many minutes a run still going is reported (1 to 10080)",
  urlInvalid: "Please enter a webhook URL starting with http:// or https://",
  urlInternal: (range: string) =>
    `Flowdeck does not call internal addresses (this URL is ${range}); the operator can allow a receiver on your network with OUTBOUND_ALLOW`,
  urlCredentials:
    "Please leave the user name and password out of the webhook URL: Flowdeck signs each call with the secret",
  newHostNeedsNewSecret: "A webhook moved to another host needs a new signing secret: leave it empty to have one made",
  secretTooShort: "The secret must be at least 16 characters (or leave it empty to have one made)",
  notFound: "Notification rule not found",
  organizationNotFound: "Organization not found",
  tooManyRules: "An organization can have at most 100 notification rules",
  recipientsNotMembers: "E-mail recipients must be members of this organization",
  cannotManage: "You need admin role or higher to manage notifications",
  created: "Notification rule created",
  updated: "Notification rule saved",
  deleted: "Notification rule deleted",
  testQueued: "Test sent: see the delivery log below",
} as const;
