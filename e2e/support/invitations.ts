import { expect, type APIRequestContext } from "@playwright/test";
import { joinRegistrationBody } from "../../apps/server/test/helpers/test-data.ts";
import { uniqueEmail } from "./accounts.ts";
import { E2E_BASE_URL } from "./env.ts";
import { extractLink, waitForMail } from "./outbox.ts";

// The invitation flow through the real API and the real mail, as a person goes through it.

const ORIGIN = { origin: E2E_BASE_URL };

/** POST /api/orgs/:orgId/invitations as `request` (an admin or owner); the invitation is mailed. */
export async function sendInvitation(request: APIRequestContext, organizationId: string, email: string, role: string) {
  const response = await request.post(`/api/orgs/${organizationId}/invitations`, {
    headers: ORIGIN,
    data: { email, role },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The /invite/... link in the newest invitation mail to `email` written since `since`. */
export async function invitationLink(email: string, since: Date): Promise<string> {
  const mail = await waitForMail({ to: email, subjectIncludes: "invited you to join", since });
  return extractLink(mail, "/invite/");
}

/** Invites a new address to the organization; its address and the mailed link. */
export async function inviteNewAddress(
  request: APIRequestContext,
  organizationId: string,
  role: string,
): Promise<{ email: string; link: string }> {
  const email = uniqueEmail("invitee");
  const since = new Date();
  await sendInvitation(request, organizationId, email, role);
  return { email, link: await invitationLink(email, since) };
}

/**
 * Registers `email` with the invitation code from `link` (the register page's join mode), by API;
 * `request` is signed in as the new user afterwards.
 */
export async function registerWithInvitation(
  request: APIRequestContext,
  email: string,
  link: string,
): Promise<{ userId: string }> {
  const invitationCode = decodeURIComponent(new URL(link).pathname.replace("/invite/", ""));
  const response = await request.post("/api/account/register", {
    headers: ORIGIN,
    data: joinRegistrationBody({ email, invitationCode }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { userId } = (await response.json()) as { userId: string };
  return { userId };
}

/**
 * Gives a new account a role in the owner's organization the way a person gets one: the owner
 * invites the address, the invitee registers with the code from the mail. The returned request
 * context is signed in as the new member.
 */
export async function registerInvitedMember(
  owner: { request: APIRequestContext; organizationId: string },
  role: "viewer" | "editor" | "admin",
  newRequest: () => Promise<APIRequestContext>,
): Promise<{ email: string; userId: string; request: APIRequestContext }> {
  const email = uniqueEmail(role);
  const since = new Date();
  await sendInvitation(owner.request, owner.organizationId, email, role);
  const link = await invitationLink(email, since);
  const request = await newRequest();
  const { userId } = await registerWithInvitation(request, email, link);
  return { email, userId, request };
}
