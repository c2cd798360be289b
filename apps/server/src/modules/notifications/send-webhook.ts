import { createHmac } from "node:crypto";
import { SIGNATURE_HEADER } from "@flowdeck/shared/notifications/constants";
import { OutboundRefusedError, OutboundTimeoutError, type OutboundClient } from "../../lib/outbound/outbound-client.ts";

export type AttemptResult = {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  /** Trying again cannot help (the rule or the member is gone): the delivery fails at once. */
  final?: boolean;
  /** The mail went to the outbox directory, not to a mail server. */
  outbox?: boolean;
};

/** How long an endpoint may take to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long it may take to answer a Send test. */
export const TEST_WEBHOOK_TIMEOUT_MS = 3_000;

/**
 * `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the rule's secret over `<t>.<body>`, so a receiver
 * checks both that the body is ours and that it is fresh (a replayed old call has an old t).
 */
export function signature(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/**
 * POSTs the signed body once, through the outbound client. Any 2xx is delivered; redirects are
 * not followed. A URL the client refuses (an internal address) is not attempted, and not retried.
 */
export async function sendWebhook(
  outbound: OutboundClient,
  options: {
    url: string;
    secret: string;
    body: string;
    deliveryId: string;
    event: string;
    at: Date;
    timeoutMs: number;
  },
): Promise<AttemptResult> {
  try {
    const response = await outbound.request({
      url: options.url,
      method: "POST",
      timeoutMs: options.timeoutMs,
      headers: {
        "content-type": "application/json",
        "user-agent": "Flowdeck-Webhook/1",
        "flowdeck-event": options.event,
        "flowdeck-delivery": options.deliveryId,
        [SIGNATURE_HEADER.toLowerCase()]: signature(options.secret, options.body, options.at),
      },
      body: options.body,
    });
    // Only the answer's status goes in the log.
    const ok = response.status >= 200 && response.status < 300;
    return { ok, responseStatus: response.status, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      return { ok: false, responseStatus: null, error: error.message, final: true };
    }
    const message = error instanceof OutboundTimeoutError ? error.message : "Could not connect";
    return { ok: false, responseStatus: null, error: message };
  }
}
