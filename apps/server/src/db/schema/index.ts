export * from "./auth.ts";
export * from "./credits.ts";
export * from "./documents.ts";
export * from "./images.ts";
export * from "./invitations.ts";
export * from "./organizations.ts";
export * from "./tasks.ts";
export * from "./workflows.ts";
