import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  cookieOf,
  makeMigratedDataDir,
  PASSWORD,
  registerOwner,
  send,
  spawnServer,
  startServer,
  waitFor,
  type ServerProcess,
} from "./server-process.ts";

describe("a running server on the embedded database", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ dataDir: makeMigratedDataDir() });
  }, 120_000);
  afterAll(cleanUp);

  it("answers /healthz (process up) and /readyz (database answers)", async () => {
    const health = await send(server, "GET", "/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await send(server, "GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("stops a second process on the same data directory at once, with a message naming it", async () => {
    const started = Date.now();
    const second = await spawnServer({ dataDir: server.dataDir });
    const exit = await second.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(`Another Flowdeck process is using the data directory ${server.dataDir}.`);
    expect(second.output()).not.toMatch(/^\s+at /m); // a message, not a stack trace
    expect(Date.now() - started).toBeLessThan(30_000);

    expect((await send(server, "GET", "/readyz")).status).toBe(200);
  }, 60_000);

  it("never logs passwords, session cookies or tokens", async () => {
    const owner = await registerOwner(server);
    const signIn = await send(server, "POST", "/api/auth/sign-in/email", {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const sessionCookie = cookieOf(signIn);
    const wrongPassword = await send(server, "POST", "/api/auth/sign-in/email", {
      body: { email: owner.email, password: "wrong-horse-99" },
    });
    expect(wrongPassword.status).toBe(401);
    expect((await send(server, "GET", "/api/me", { cookie: sessionCookie })).status).toBe(200);
    await send(server, "GET", "/reset-password?token=SECRET123");
    const reset = await send(server, "POST", "/api/auth/request-password-reset", {
      body: { email: owner.email, redirectTo: "/reset-password" },
    });
    expect(reset.status).toBe(200);
    let resetToken: string | undefined;
    await waitFor(
      () => (resetToken = resetTokenInOutbox(path.join(server.dataDir, "outbox"))) !== undefined,
      "the mail",
    );

    // Every request logged so far has been answered, the last one included.
    const count = (text: string) => server.output().split(text).length - 1;
    await waitFor(
      () =>
        count('"path":"/api/auth/request-password-reset"') === 1 &&
        count('"msg":"incoming request"') === count('"msg":"request completed"'),
      "the log of the last request",
    );
    const log = server.output();
    expect(log).toContain('"path":"/reset-password'); // the request was logged
    const secrets = {
      password: PASSWORD,
      "wrong password": "wrong-horse-99",
      "registration cookie": sessionValue(owner.cookie),
      "sign-in cookie": sessionValue(sessionCookie),
      "query token": "SECRET123",
      "reset token": resetToken!,
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(8);
      expect(log.includes(secret), `${what} in the log`).toBe(false);
      expect(log.includes(decodeURIComponent(secret)), `${what} in the log`).toBe(false);
    }
  }, 60_000);
});

/** The session token inside a `name=token.signature` cookie. */
function sessionValue(cookie: string): string {
  const value = cookie.split("=").slice(1).join("=").split(";")[0]!;
  return decodeURIComponent(value).split(".")[0]!;
}

/** The token of the reset link in the mail written to the outbox (quoted-printable: = is =3D). */
function resetTokenInOutbox(outbox: string): string | undefined {
  for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
    const mail = readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "");
    const token = /reset-password\?token=(?:3D)?([^\s&"]+)/.exec(mail)?.[1];
    if (token) return token;
  }
  return undefined;
}
