import type { Role } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import { memberships } from "../../src/db/schema/index.ts";
import { insertUserWithPassword } from "../../src/modules/users/repository.ts";
import { TestClient } from "./http-client.ts";
import { registrationBody, TEST_PASSWORD, uniqueDomain, uniqueEmail } from "./test-data.ts";

export { TEST_PASSWORD, uniqueDomain, uniqueEmail };

export type TestUser = { id: string; email: string; password: string; client: TestClient };

/** Registers through the API with a new organization; the returned client is signed in. */
export async function registerOwner(app: FastifyInstance, options: { email?: string; organizationName?: string } = {}) {
  const client = new TestClient(app);
  const email = options.email ?? uniqueEmail("owner");
  const response = await client.post<{ userId: string; organizationId: string }>(
    "/api/account/register",
    registrationBody({
      email,
      password: TEST_PASSWORD,
      organizationName: options.organizationName ?? "Acme Operations",
      domain: uniqueDomain(),
    }),
  );
  if (response.status !== 201) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  return {
    id: response.body.userId,
    email,
    password: TEST_PASSWORD,
    client,
    organizationId: response.body.organizationId,
  };
}

/** A user with a password and no organization, signed in. */
export async function createUser(app: FastifyInstance, options: { email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const passwordHash = await (await app.auth.$context).password.hash(TEST_PASSWORD);
  const { id } = await insertUserWithPassword(app.db, { email, passwordHash });
  const client = new TestClient(app);
  await signIn(client, email, TEST_PASSWORD);
  return { id, email, password: TEST_PASSWORD, client };
}

export async function signIn(client: TestClient, email: string, password: string) {
  const response = await client.post("/api/auth/sign-in/email", { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

export async function addMember(
  app: FastifyInstance,
  values: { organizationId: string; userId: string; role: Role | null },
) {
  await app.db.insert(memberships).values(values);
}

export type RoleName = Role | "outsider";

export type OrgWithRoles = {
  organizationId: string;
  otherOrganizationId: string;
  users: Record<RoleName, TestUser>;
};

/**
 * An organization with one user of every role, and an outsider who owns a second organization
 * (and so must see nothing of the first). Every permission test starts here.
 */
export async function createOrgWithRoles(app: FastifyInstance): Promise<OrgWithRoles> {
  const owner = await registerOwner(app);
  const outsider = await registerOwner(app, { organizationName: "Other Org" });
  const member = async (role: Role) => {
    const user = await createUser(app, { email: uniqueEmail(role) });
    await addMember(app, { organizationId: owner.organizationId, userId: user.id, role });
    return user;
  };
  const users: Record<RoleName, TestUser> = {
    owner,
    admin: await member("admin"),
    editor: await member("editor"),
    viewer: await member("viewer"),
    outsider,
  };
  return { organizationId: owner.organizationId, otherOrganizationId: outsider.organizationId, users };
}

export const ALL_ROLES: readonly RoleName[] = ["owner", "admin", "editor", "viewer", "outsider"];
