import { HOOK_BODY_MAX_BYTES, HookAcceptedSchema, HookCallParamsSchema } from "@flowdeck/shared/hooks/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { originOf } from "../../lib/scope.ts";
import { callHook } from "./call-hook.ts";

/**
 * POST /api/hooks/:hookId/:secret, the URL another system calls (decision 068). Public (the URL's
 * secret and the signature are the proof), from any origin, with any body type: the body is read
 * raw (at most 1 MB) so its signature can be checked byte for byte. Rate-limited per hook. This
 * plugin's own content-type parser applies to this route only.
 */
export const hookCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: HOOK_BODY_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/hooks/:hookId/:secret",
    {
      bodyLimit: HOOK_BODY_MAX_BYTES,
      config: {
        public: true,
        inbound: true,
        rateLimit: {
          max: app.config.webhookRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `hook:${(request.params as { hookId?: string }).hookId ?? ""}`,
        },
      },
      schema: {
        summary: "Call a webhook: start a run of its workflow",
        tags: ["hooks"],
        description: [
          "The URL a webhook's creator was given once. The body is read as sent (any content type, at most 1 MB).",
          "In the signature modes `github` and `flowdeck` the header `X-Hub-Signature-256` or `X-Flowdeck-Signature`",
          "must be `sha256=<hex>`, the HMAC-SHA256 of the raw body under the signing secret.",
          "A repeated `X-GitHub-Delivery` or `Idempotency-Key` answers the first run and starts none.",
          "Answers 202 `{ runId }`; 400 a parameter or body refused (`fields` names it); 401 a missing or wrong",
          "signature; 404 an unknown, revoked or wrong URL (one answer for all); 409 the workflow has a run under way;",
          "413 a body over 1 MB; 429 more than the webhook's calls a minute (Retry-After).",
        ].join(" "),
        params: HookCallParamsSchema,
        response: { 202: HookAcceptedSchema },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const accepted = await callHook({
        db: app.db,
        events: app.events,
        metrics: app.metrics,
        origin: originOf(request),
        hookId: request.params.hookId,
        secret: request.params.secret,
        headers: request.headers,
        body,
      });
      return reply.status(202).send(accepted);
    },
  );
};
