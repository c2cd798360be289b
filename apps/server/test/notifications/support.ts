import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestClient } from "../helpers/http-client.ts";

export const rulesUrl = (orgId: string, rest = "") => `/api/orgs/${orgId}/notifications/rules${rest}`;
export const deliveriesUrl = (orgId: string) => `/api/orgs/${orgId}/notifications/deliveries`;
export const muteUrl = (orgId: string) => `/api/orgs/${orgId}/notifications/mute`;

export function ruleBody(overrides: Record<string, unknown> = {}) {
  return { name: "On-call", events: ["run.failed", "run.recovered"], emailRoles: ["owner"], ...overrides };
}

export async function createRule(client: TestClient, orgId: string, overrides: Record<string, unknown> = {}) {
  const response = await client.post(rulesUrl(orgId), ruleBody(overrides));
  if (response.status !== 201)
    throw new Error(`rule creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, any> & { id: string };
}

export type ReceivedCall = { headers: IncomingMessage["headers"]; body: string };

/**
 * A real HTTP endpoint on 127.0.0.1 that records every call and answers the statuses given, one
 * per call (the last one repeats).
 */
export async function startReceiver(statuses: number[] = [200]) {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/flowdeck`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
