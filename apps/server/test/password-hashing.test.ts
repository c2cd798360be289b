import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/db/schema/index.ts";
import { registerOwner, signIn, TEST_PASSWORD } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { testPasswordHasher } from "./helpers/test-password-hasher.ts";

// The other API tests hash with a cheaper scrypt (helpers/test-password-hasher.ts); the product
// must not: this app is built as the server builds it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ productPasswordHashing: true });
});
afterAll(() => t.close());

async function storedHash(userId: string) {
  const [row] = await t.app.db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  return row!.password!;
}

describe("password hashing in the product", () => {
  it("stores better-auth's own scrypt hash, never the password", async () => {
    const owner = await registerOwner(t.app);
    const hash = await storedHash(owner.id);
    expect(hash).not.toContain(TEST_PASSWORD);
    expect(await verifyPassword({ hash, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: `${TEST_PASSWORD}x` })).toBe(false);
    // The tests' cheaper hash is another key from the same salt: the product did not use it.
    expect(await testPasswordHasher.verify({ hash, password: TEST_PASSWORD })).toBe(false);
  });

  it("signs in with the password and refuses another", async () => {
    const owner = await registerOwner(t.app);
    await signIn(new TestClient(t.app), owner.email, TEST_PASSWORD);
    const refused = await new TestClient(t.app).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: `${TEST_PASSWORD}x`,
    });
    expect(refused.status).toBe(401);
  });
});
