import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Mail, Mailer } from "../../src/lib/mailer.ts";
import { TestClient } from "../helpers/http-client.ts";
import { waitUntil } from "../helpers/sse-client.ts";

/** A mailer that keeps what it is given, for reading password-reset links. */
export function capturingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

/** Resets the account's password through the mailed link, as a person does. */
export async function resetPasswordByMail(app: FastifyInstance, mailer: { sent: Mail[] }, email: string) {
  const before = mailer.sent.length;
  const asked = await new TestClient(app).post("/api/auth/request-password-reset", { email, redirectTo: "/" });
  expect(asked.status).toBe(200);
  await waitUntil(async () => mailer.sent.slice(before).some((mail) => mail.to === email), 5_000, "the reset mail");
  const mail = mailer.sent.slice(before).find((sent) => sent.to === email)!;
  const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token");
  const reset = await new TestClient(app).post("/api/auth/reset-password", { newPassword: "battery-staple-7", token });
  expect(reset.status).toBe(200);
}
