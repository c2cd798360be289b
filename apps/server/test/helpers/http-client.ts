import type { FastifyInstance, InjectOptions } from "fastify";

export type TestResponse<T = unknown> = { status: number; body: T; headers: Record<string, unknown> };

/** What the web app sends with every request. */
const BROWSER_HEADERS = { origin: "http://localhost:3000" };

/**
 * A browser-like client over app.inject(): it keeps the session cookie between calls and sends
 * the same-origin headers the web app sends. `headers` replaces those, e.g. for a script's client.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly headers: Record<string, string> = BROWSER_HEADERS,
  ) {}

  get<T = any>(url: string) {
    return this.request<T>({ method: "GET", url });
  }
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>({ method: "POST", url, payload: body as InjectOptions["payload"] });
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>({ method: "PUT", url, payload: body as InjectOptions["payload"] });
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>({ method: "PATCH", url, payload: body as InjectOptions["payload"] });
  }
  delete<T = any>(url: string) {
    return this.request<T>({ method: "DELETE", url });
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request<T>(options: InjectOptions): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...this.headers, ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (options.payload !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    const response = await this.app.inject({ ...options, headers });
    this.storeCookies(response.headers["set-cookie"]);
    let body: unknown = response.body;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  private storeCookies(header: string | string[] | undefined) {
    for (const cookie of [header ?? []].flat()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()));
      if (expired || rest.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join("="));
    }
  }
}

/** A script calling the API with a bearer token, as curl would: no cookie, no Origin header. */
export function bearerClient(app: FastifyInstance, token: string): TestClient {
  return new TestClient(app, { authorization: `Bearer ${token}` });
}
