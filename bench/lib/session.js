import { randomBytes } from "node:crypto";

/** A new owner of a new organization; returns the session cookie and organization id. */
export async function registerOwner(url) {
  const password = "bench-password-42";
  const id = randomBytes(5).toString("hex");
  const response = await fetch(`${url}/api/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      mode: "create",
      email: `bench-${id}@example.com`,
      password,
      confirmPassword: password,
      organizationName: "Bench",
      domain: `bench-${id}.example.com`,
    }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { organizationId } = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { cookie, organizationId };
}

/**
 * The owner's JSON API, as the web app calls it: `api("POST", "/workflows", body)` is under the
 * organization (`/api/orgs/<id>/workflows`); a path starting with "/api/" is taken as it is.
 * Answers the parsed body; a non-2xx answer throws with the server's text.
 */
export function ownerApi(url, session) {
  return async function api(method, path, body) {
    const full = path.startsWith("/api/") ? path : `/api/orgs/${session.organizationId}${path}`;
    const headers = { cookie: session.cookie };
    if (method !== "GET") headers.origin = url;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url + full, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${full} answered ${response.status}: ${text}`);
    return text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  };
}
