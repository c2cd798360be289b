import type { LiveEvent } from "@flowdeck/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { invitations, memberships, user } from "../../src/db/schema/index.ts";
import { newInvitationCode } from "../../src/modules/invitations/service.ts";

/** Records what the app publishes for one organization (in process with PGlite, via NOTIFY with PostgreSQL). */
export function recordEvents(app: FastifyInstance, organizationId: string) {
  const events: LiveEvent[] = [];
  const unsubscribe = app.events.subscribe(organizationId, (event) => events.push(event));
  return {
    events,
    /** Resolves once an event matching `expected` has been published. */
    async waitFor(expected: Partial<LiveEvent>, timeoutMs = 5_000): Promise<LiveEvent> {
      const matches = (event: LiveEvent) =>
        Object.entries(expected).every(([key, value]) => event[key as keyof LiveEvent] === value);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(matches);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no event ${JSON.stringify(expected)}; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: unsubscribe,
  };
}

/** A pending invitation written straight to the database (no mail), for tests about its life cycle. */
export async function insertInvitation(
  app: FastifyInstance,
  values: {
    organizationId: string;
    email: string;
    role?: "viewer" | "editor" | "admin" | null;
    status?: "pending" | "accepted" | "rejected";
    expiresAt?: Date;
    invitedByName?: string;
  },
) {
  const code = newInvitationCode();
  const [row] = await app.db
    .insert(invitations)
    .values({
      code,
      organizationId: values.organizationId,
      email: values.email.toLowerCase(),
      role: values.role === undefined ? "viewer" : values.role,
      status: values.status ?? "pending",
      invitedByName: values.invitedByName ?? "Test Inviter",
      expiresAt: values.expiresAt ?? new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: invitations.id });
  return { id: row!.id, code };
}

export async function membershipsOf(app: FastifyInstance, keys: { organizationId: string; userId: string }) {
  return app.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
}

export async function currentOrgOf(app: FastifyInstance, userId: string) {
  const [row] = await app.db.select({ currentOrgId: user.currentOrgId }).from(user).where(eq(user.id, userId));
  return row?.currentOrgId ?? null;
}

/** The organization's pending invitations (accepted ones are kept, off the list, decision 040). */
export async function openInvitationRows(app: FastifyInstance, organizationId: string) {
  return app.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, "pending")));
}
