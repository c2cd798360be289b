import { REGISTRATION_MESSAGES } from "@flowdeck/shared/auth/registration";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { user } from "../src/db/schema/index.ts";
import { createOrgWithRoles, createUser, signIn } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { confirmationTokenIn, outboxMail } from "./helpers/outbox.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import {
  joinRegistrationBody,
  registrationBody,
  TEST_PASSWORD,
  uniqueDomain,
  uniqueEmail,
} from "./helpers/test-data.ts";
import { insertInvitation } from "./members/support.ts";

// REGISTRATION (decision 056): open (the default), invite-only (new people only through
// invitations; an empty instance's first account still creates its organization) or closed.

const create = (t: TestApp, email = uniqueEmail()) =>
  new TestClient(t.app).post("/api/account/register", {
    ...registrationBody({ email, password: TEST_PASSWORD, organizationName: "Night Shift", domain: uniqueDomain() }),
  });

async function join(t: TestApp, organizationId: string, email = uniqueEmail("invited")) {
  const { code } = await insertInvitation(t.app, { organizationId, email, role: "editor" });
  return new TestClient(t.app).post("/api/account/register", joinRegistrationBody({ email, invitationCode: code }));
}

const policyOf = async (t: TestApp) => (await new TestClient(t.app).get("/api/account/registration")).body;

async function accountExists(t: TestApp, email: string) {
  return (await t.app.db.select().from(user).where(eq(user.email, email.toLowerCase()))).length > 0;
}

describe("REGISTRATION", () => {
  it("is open unless set, and refuses anything but open, invite-only and closed", () => {
    const base = { DATA_DIR: "/tmp/flowdeck-config-test", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(base).registration).toBe("open");
    expect(loadConfig({ ...base, REGISTRATION: "invite-only" }).registration).toBe("invite-only");
    expect(() => loadConfig({ ...base, REGISTRATION: "invite" })).toThrow(/REGISTRATION/);
  });
});

describe("open", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lets anyone create an organization, and invited people join", async () => {
    const org = await createOrgWithRoles(t.app);
    expect(await policyOf(t)).toEqual({ mode: "open", createOrganization: true, joinWithInvitation: true });
    expect((await create(t)).status).toBe(201);
    expect((await join(t, org.organizationId)).status).toBe(201);
  });
});

describe("invite-only", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: "invite-only" } });
  });
  afterAll(() => t.close());

  it("lets the first account of an empty instance create its organization, then takes new people only by invitation", async () => {
    expect(await policyOf(t)).toEqual({ mode: "invite-only", createOrganization: true, joinWithInvitation: true });
    const first = await create(t);
    expect(first.status).toBe(201);
    expect(await policyOf(t)).toEqual({ mode: "invite-only", createOrganization: false, joinWithInvitation: true });

    const stranger = uniqueEmail("stranger");
    const refused = await create(t, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REGISTRATION_MESSAGES.inviteOnlyRefused);
    expect(await accountExists(t, stranger)).toBe(false);

    const invited = uniqueEmail("invited");
    const joined = await join(t, first.body.organizationId, invited);
    expect(joined.status).toBe(201);
    expect(joined.body.invitation).toMatchObject({ organizationName: "Night Shift", role: "editor" });
  });

  it("still lets people who have an account sign in and start another organization", async () => {
    const member = await createUser(t.app);
    expect((await signIn(new TestClient(t.app), member.email, TEST_PASSWORD)).status).toBe(200);
    expect((await member.client.post("/api/organizations", { name: "Second shift" })).status).toBe(201);
  });
});

describe("invite-only with confirmed addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: "invite-only", REGISTRATION_CONFIRMS_EMAIL: "on", SMTP_URL: "" } });
  });
  afterAll(() => t.close());

  it("mails the empty instance's first registration its link, and refuses a link opened once an account exists", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    expect((await create(t, first)).status).toBe(202);
    expect((await create(t, second)).status).toBe(202); // both before any account exists
    const firstLink = await outboxMail(t, first, "Finish creating your Flowdeck account");
    const secondLink = await outboxMail(t, second, "Finish creating your Flowdeck account");
    const confirm = (text: string) =>
      new TestClient(t.app).post("/api/account/register/confirm", {
        token: confirmationTokenIn(text),
        password: TEST_PASSWORD,
      });
    expect((await confirm(firstLink.text)).status).toBe(201);
    const late = await confirm(secondLink.text);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe(REGISTRATION_MESSAGES.inviteOnlyRefused);
    expect(await accountExists(t, second)).toBe(false);
    expect((await create(t)).status).toBe(403);
  });
});

describe("closed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: "closed" } });
  });
  afterAll(() => t.close());

  it("takes no new account: not the first, not a new organization, not with an invitation", async () => {
    expect(await policyOf(t)).toEqual({ mode: "closed", createOrganization: false, joinWithInvitation: false });
    const firstTry = uniqueEmail("first");
    const refused = await create(t, firstTry);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REGISTRATION_MESSAGES.closed);
    expect(await accountExists(t, firstTry)).toBe(false);

    // An organization made while registration was open (the setting changed since).
    t.config.registration = "open";
    const org = await createOrgWithRoles(t.app);
    t.config.registration = "closed";
    const invited = uniqueEmail("invited");
    const joinRefused = await join(t, org.organizationId, invited);
    expect(joinRefused.status).toBe(403);
    expect(joinRefused.body.error.message).toBe(REGISTRATION_MESSAGES.closed);
    expect(await accountExists(t, invited)).toBe(false);

    // Existing accounts sign in as before.
    const owner = org.users.owner;
    expect((await signIn(new TestClient(t.app), owner.email, TEST_PASSWORD)).status).toBe(200);
    expect((await owner.client.get("/api/me")).status).toBe(200);
  });
});
