/** What a service publishes after a commit; the web app invalidates the matching queries. */
export type LiveEvent = {
  entity: string;
  id: string;
  action: "created" | "updated" | "deleted";
};
