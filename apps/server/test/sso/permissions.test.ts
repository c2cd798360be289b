import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { afterAll, beforeAll } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { describeRouteMatrix, type RouteMatrixRow } from "../helpers/route-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { startTestSamlIdp, type TestSamlIdp } from "./saml-idp.ts";
import { samlConnectionBody } from "./saml-support.ts";
import { connectionBody, ssoUrl, testResolveTxt, TXT_RECORDS } from "./sso-support.ts";

// Every single sign-on route × every kind of caller: owners only, in person (every API token is
// refused, whatever its role); another organization sees 404 and nothing of ours.

let t: TestApp;
let org: OrgWithRoles;
let idp: TestSamlIdp;
const OURS = "ours-only.example.com";
beforeAll(async () => {
  t = await createTestApp({ resolveTxt: testResolveTxt });
  idp = await startTestSamlIdp();
  org = await createOrgWithRoles(t.app);
  const put = await org.users.owner.client.put(
    ssoUrl(org.organizationId),
    // An internal address nobody allowed: Test connection answers at once.
    connectionBody({ issuer: "http://127.0.0.1:9", domains: [OURS] }),
  );
  TXT_RECORDS.set(OURS, [[put.body.domainStatus[0].record]]);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const url = (rest = "") => ssoUrl(org.organizationId, rest);
const owners = { minimum: "owner", success: 200, denied: SSO_MESSAGES.cannotManage, tokens: false } as const;

const ROUTES: RouteMatrixRow[] = [
  { name: "GET sso", ...owners, call: (c) => c.get(url()) },
  {
    name: "PUT sso",
    ...owners,
    // With its client secret: the SAML row below may have replaced the connection before.
    call: (c) => c.put(url(), connectionBody({ issuer: "http://127.0.0.1:9", domains: [OURS] })),
  },
  {
    name: "PUT sso (SAML)",
    ...owners,
    call: (c) => c.put(url(), samlConnectionBody({ metadataXml: idp.metadataXml() }, { domains: [OURS] })),
  },
  { name: "POST sso/test", ...owners, call: (c) => c.post(url("/test")) },
  { name: "POST sso/domains/:domain/verify", ...owners, call: (c) => c.post(url(`/domains/${OURS}/verify`)) },
];

describeRouteMatrix(() => ({ app: t.app, org }), ROUTES, "ours-only");
