import type { FastifyInstance, InjectOptions } from "fastify";

export type TestResponse<T = unknown> = { status: number; body: T; headers: Record<string, unknown> };

/**
 * A browser-like client over app.inject(): it keeps the session cookie between calls and sends
 * the same-origin headers the web app sends.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

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
    const headers: Record<string, string> = {
      origin: "http://localhost:3000",
      ...(options.headers as Record<string, string>),
    };
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
