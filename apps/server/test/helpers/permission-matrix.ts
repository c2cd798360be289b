import type { Role } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import type { OrgWithRoles } from "./factories.ts";
import { TestClient } from "./http-client.ts";

// The rows of every permission matrix (conventions: "Every route gets a permission matrix:
// signed out, outsider, viewer, editor, admin, owner").

export type Caller = "signed out" | "outsider" | Role;

export const CALLERS: readonly Caller[] = ["signed out", "outsider", "viewer", "editor", "admin", "owner"];

/** The caller's signed-in client from createOrgWithRoles(), or a client without a session. */
export function clientOf(app: FastifyInstance, org: OrgWithRoles, caller: Caller): TestClient {
  return caller === "signed out" ? new TestClient(app) : org.users[caller].client;
}

/** One route of a permission matrix: who may call it, what it answers them, and what the rest are told. */
export type MatrixRoute = {
  name: string;
  minimum: Role;
  success: number;
  /** The refusal's message (403). */
  denied: string;
  call: (client: TestClient) => Promise<{ status: number; body?: any }>;
};

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

/**
 * What an organization route answers a caller: 401 signed out; 404 for an outsider (another
 * tenant's organization does not exist for them); `success` from the `minimum` role up; 403 below.
 */
export function expectedStatus(caller: Caller, route: { minimum: Role; success: number }): number {
  if (caller === "signed out") return 401;
  if (caller === "outsider") return 404;
  return RANK[caller] >= RANK[route.minimum] ? route.success : 403;
}
