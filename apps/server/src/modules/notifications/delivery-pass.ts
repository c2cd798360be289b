import { STILL_QUEUED_MINUTES } from "@flowdeck/shared/notifications/constants";
import type { Database } from "../../db/database.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { OutboundClient } from "../../lib/outbound/outbound-client.ts";
import { nextRetry } from "./backoff.ts";
import { mailText, summarize, type EventPayload } from "./describe-event.ts";
import {
  claimDueDeliveries,
  findLongRunningRuns,
  findStillQueuedRuns,
  recordAttempt,
  type ClaimedDelivery,
} from "./deliveries-repository.ts";
import { notify } from "./notify.ts";
import { sendWebhook, TEST_WEBHOOK_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS, type AttemptResult } from "./send-webhook.ts";

const BATCH_SIZE = 20;
/**
 * A pass sends at most this many of one organization's deliveries: organizations take turns (see
 * the claim), and half of every pass stays for the others.
 */
const PER_ORGANIZATION = BATCH_SIZE / 2;
/** A claimed delivery is sent within this, or another instance takes it over. */
const LEASE_MS = 5 * 60_000;

/**
 * One pass of the notification outbox (docs/decisions/026): tells the rules about runs still going
 * past their minutes and runs no runner has taken for STILL_QUEUED_MINUTES, then claims due
 * deliveries with SKIP LOCKED in a short transaction, the organizations taking turns, and sends
 * them outside it, all at once (mail through the mailer, webhooks signed with the rule's secret
 * through the outbound client), logging every attempt and planning the retry. Nothing secret is logged.
 */
export function createDeliveryPass(options: {
  db: Database;
  mailer: Mailer;
  outbound: OutboundClient;
  metrics?: Metrics;
  appUrl: string;
}) {
  const { db, mailer, outbound, metrics, appUrl } = options;

  async function tellLongRunning(now: Date) {
    await db.transaction(async (tx) => {
      for (const { rule, run, workflowName } of await findLongRunningRuns(tx, now, BATCH_SIZE)) {
        await notify(
          tx,
          {
            type: "run.long-running",
            organizationId: rule.organizationId,
            at: now,
            workflow: { id: run.workflowId, name: workflowName },
            run,
            minutes: rule.longRunningMinutes ?? undefined,
            dedupeKey: `long-running:${run.id}`,
          },
          rule,
        );
      }
    });
  }

  async function tellStillQueued(now: Date) {
    await db.transaction(async (tx) => {
      for (const { rule, run, workflowName } of await findStillQueuedRuns(tx, now, STILL_QUEUED_MINUTES, BATCH_SIZE)) {
        await notify(
          tx,
          {
            type: "run.still-queued",
            organizationId: rule.organizationId,
            at: now,
            workflow: { id: run.workflowId, name: workflowName },
            run,
            minutes: STILL_QUEUED_MINUTES,
            dedupeKey: `still-queued:${run.id}`,
          },
          rule,
        );
      }
    });
  }

  async function attempt(delivery: ClaimedDelivery, now: Date): Promise<AttemptResult> {
    const payload: EventPayload & Record<string, unknown> = {
      ...delivery.payload,
      organization: { id: delivery.organizationId, name: delivery.organizationName },
    };
    if (delivery.channel === "webhook") {
      if (!delivery.url || !delivery.secret)
        return { ok: false, responseStatus: null, error: "The rule was deleted", final: true };
      const body = JSON.stringify({ id: delivery.id, ...payload });
      return sendWebhook(outbound, {
        url: delivery.url,
        secret: delivery.secret,
        body,
        deliveryId: delivery.id,
        event: delivery.event,
        at: now,
        // Someone is waiting on the Send test button's result: a short wait, and no hanging pass.
        timeoutMs: delivery.event === "test" ? TEST_WEBHOOK_TIMEOUT_MS : WEBHOOK_TIMEOUT_MS,
      });
    }
    if (!delivery.email)
      return { ok: false, responseStatus: null, error: "The member has no e-mail address", final: true };
    try {
      await mailer.send({
        to: delivery.email,
        subject: `[${delivery.organizationName}] ${summarize(payload)}`,
        text: mailText(payload, appUrl),
      });
      return { ok: true, responseStatus: null, error: null, outbox: mailer.outbox !== undefined };
    } catch {
      return { ok: false, responseStatus: null, error: "The mail server refused the message" };
    }
  }

  async function pass(now: Date): Promise<{ attempted: number }> {
    await tellLongRunning(now);
    await tellStillQueued(now);
    const claimed = await db.transaction((tx) =>
      claimDueDeliveries(tx, {
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        limit: BATCH_SIZE,
        perOrganization: PER_ORGANIZATION,
      }),
    );
    // All at once: a pass lasts as long as its slowest call (one timeout), not the sum of them.
    await Promise.all(claimed.map((delivery) => deliver(delivery, now)));
    return { attempted: claimed.length };
  }

  /** One attempt, logged, with the next one planned. */
  async function deliver(delivery: ClaimedDelivery, now: Date) {
    const started = Date.now();
    const result = await attempt(delivery, now);
    const retryAt =
      result.ok || result.final
        ? null
        : nextRetry({ attempts: delivery.attemptCount, createdAt: delivery.createdAt, now });
    await db.transaction((tx) =>
      recordAttempt(tx, {
        deliveryId: delivery.id,
        at: now,
        ok: result.ok,
        responseStatus: result.responseStatus,
        error: result.error,
        durationMs: Date.now() - started,
        outbox: result.outbox ?? false,
        retryAt,
      }),
    );
    metrics?.notificationDelivery({
      channel: delivery.channel,
      outcome: result.ok ? "delivered" : retryAt ? "retrying" : "failed",
    });
  }

  return pass;
}
