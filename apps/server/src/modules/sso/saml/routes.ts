import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abuseLimit } from "../../../lib/rate-limits.ts";
import { CLIENT_IP_HEADER } from "../../auth/auth.ts";
import { sendWebResponse } from "../../auth/routes.ts";
import { SAML_RESPONSE_MAX } from "../../auth/sso-callback.ts";
import { serviceProviderMetadata } from "./service-provider.ts";

/** The form an identity provider posts: the base64 response is a third larger than its XML. */
const FORM_MAX_BYTES = SAML_RESPONSE_MAX + 4096;

/**
 * Flowdeck's side of SAML that an identity provider reaches (decision 078): its service provider
 * metadata and the assertion consumer service. This plugin's own body parser (the form the
 * provider's page posts) applies to these routes only.
 */
export const samlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_MAX_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // Public, before a connection exists: the owner registers Flowdeck at the provider first.
  app.get(
    "/api/auth/sso/saml/:orgId/metadata",
    { config: { public: true }, schema: { params: OrgParamsSchema } },
    async (request, reply) =>
      reply
        .type("application/samlmetadata+xml; charset=utf-8")
        .send(await serviceProviderMetadata(app.db, app.config.appUrl, request.params.orgId)),
  );

  // The identity provider's page posts here from its own origin (HTTP-POST binding): no origin
  // check, and no cookie, origin or referer is passed on — the signed answer is the proof.
  app.post(
    "/api/auth/sso/saml/acs",
    {
      bodyLimit: FORM_MAX_BYTES,
      config: { public: true, inbound: true, rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: {
        description:
          "The identity provider's page posts `SAMLResponse` (and `RelayState`) as a form. Answers 302: to the dashboard, signed in, or to `/login?sso_error=<message>`.",
      },
    },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const headers = new Headers({ "content-type": "application/json", [CLIENT_IP_HEADER]: request.ip });
      const userAgent = request.headers["user-agent"];
      if (userAgent) headers.set("user-agent", userAgent);
      const answer = await app.auth.handler(
        new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
          method: "POST",
          headers,
          body: JSON.stringify({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }),
        }),
      );
      return sendWebResponse(reply, answer, request);
    },
  );
};
