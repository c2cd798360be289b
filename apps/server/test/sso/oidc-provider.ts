import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID provider (`oidc-provider`) on a free port of 127.0.0.1, with people and groups of
 * the test's own: its login form accepts any password for a known login (its development
 * interactions), so the tests drive it over HTTP the way a browser would.
 */
export type ProviderUser = { email: string; name?: string; groups?: string[]; emailVerified?: boolean };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by login; change a person's groups between sign-ins. */
  users: Map<string, ProviderUser>;
  /**
   * Set to have the provider sign, with its own key, an id token changed this way (a token meant
   * for another application); null for its ordinary tokens.
   */
  reissueIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  close: () => Promise<void>;
};

export async function startTestProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  /** Leave the email claim out of what the provider offers (a provider Flowdeck cannot use). */
  withoutEmail?: boolean;
}): Promise<TestProvider> {
  const clientId = options.clientId ?? `flowdeck-${Math.random().toString(36).slice(2, 8)}`;
  const clientSecret = options.clientSecret ?? `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const users = new Map<string, ProviderUser>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };

  const configuration: Configuration = {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: options.withoutEmail
      ? { openid: ["sub"], profile: ["name"] }
      : { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    scopes: ["openid", "email", "profile", "groups"],
    // The groups go in the id token, as Keycloak, Entra ID and Okta can be set to do.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const person = users.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: person.email,
            email_verified: person.emailVerified ?? true,
            name: person.name ?? id,
            groups: person.groups ?? [],
          };
        },
      };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { IdToken: 300, AccessToken: 300, AuthorizationCode: 60, Interaction: 300, Session: 300, Grant: 300 },
    cookies: { keys: ["a-test-cookie-key-of-the-provider"] },
  };
  const provider = new Provider(issuer, configuration);
  const handle: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    users,
    reissueIdToken: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || !handle.reissueIdToken || typeof body?.id_token !== "string") return;
    const claims = handle.reissueIdToken(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(privateKey);
  });
  // Plain http on 127.0.0.1 is what a test provider is; no proxy in front.
  server.on("request", provider.callback());
  return handle;
}

/**
 * Signs `login` in at the provider, starting from its authorization URL, as a browser would:
 * following its redirects with its cookies, filling in the login form and confirming the consent
 * form. Answers the URL the provider finally sends the browser to (Flowdeck's callback).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackPrefix)) return url;
    const answer = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: cookieHeader(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = answer.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await answer.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html);
    if (!form) throw new Error(`the provider answered ${answer.status} without a form: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
      fields.set(input[1]!, input[2]!);
    }
    if (/name="login"/.test(html)) {
      fields.set("login", login);
      fields.set("password", "any password");
    }
    url = new URL(form[1]!.replace(/&amp;/g, "&"), url).toString();
    method = "POST";
    body = fields.toString();
  }
  throw new Error("the provider's sign-in did not end at the callback");
}
