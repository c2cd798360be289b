import { describe, expect, it } from "vitest";
import { ApiError, UnexpectedAnswerError, UnreachableError } from "../../src/api/api-errors.ts";
import { describeApiError, olderThanServer, stopsTheRunner } from "../../src/api/describe-error.ts";

const url = "https://flowdeck.example.com";

describe("the runner's messages for a failed call", () => {
  it("tell a refused registration token from a revoked runner", () => {
    const refused = new ApiError(401, "unauthenticated", "Unknown or expired registration token");
    expect(describeApiError(refused, url, { registering: true })).toMatch(
      /^The registration token was refused: it is unknown, already used, or more than an hour old\./,
    );
    expect(describeApiError(refused, url)).toBe(
      "Flowdeck refused this runner's credential: the runner was revoked or unregistered. Register it again with a new token (flowdeck-runner register).",
    );
    expect(stopsTheRunner(refused)).toBe(true);
  });

  it("say a runner is too old with the server's words and how to update", () => {
    const tooOld = new ApiError(412, "failed-precondition", "This Flowdeck needs flowdeck-runner 0.2.0 or newer.");
    expect(describeApiError(tooOld, url)).toBe(
      "This runner (version 0.1.0) is too old for this Flowdeck: This Flowdeck needs flowdeck-runner 0.2.0 or newer. " +
        "Update it: npm install -g https://flowdeck.example.com/runner/flowdeck-runner.tgz, " +
        "or git pull && npm install in the Flowdeck checkout.",
    );
    expect(stopsTheRunner(tooOld)).toBe(true);
  });

  it("say a runner older than its server is, with the command that updates it from that server", () => {
    expect(olderThanServer("0.2.0", url)).toBe(
      "This runner (version 0.1.0) is older than Flowdeck at https://flowdeck.example.com (version 0.2.0). " +
        "Update it: npm install -g https://flowdeck.example.com/runner/flowdeck-runner.tgz, " +
        "or run it with npx -y https://flowdeck.example.com/runner/flowdeck-runner-0.2.0.tgz, " +
        "or git pull && npm install in the Flowdeck checkout.",
    );
  });

  it("point at the URL when something else answers", () => {
    expect(describeApiError(new ApiError(404, null, "HTTP 404"), url)).toContain(
      "does not answer like Flowdeck's runner API (HTTP 404). Check the URL",
    );
    expect(describeApiError(new UnexpectedAnswerError(200), url)).toContain(
      "answered, but not like Flowdeck's runner API",
    );
    expect(stopsTheRunner(new ApiError(401, null, "HTTP 401"))).toBe(false);
  });

  it("say why nothing answered", () => {
    expect(describeApiError(new UnreachableError("ECONNREFUSED", "x"), url)).toContain("the connection was refused");
    expect(describeApiError(new UnreachableError("ENOTFOUND", "x"), url)).toContain(
      'the host "flowdeck.example.com" is unknown',
    );
    expect(describeApiError(new UnreachableError("CERT_HAS_EXPIRED", "certificate has expired"), url)).toBe(
      `Cannot reach Flowdeck at ${url} securely: certificate has expired. Check the URL and the server's TLS certificate.`,
    );
  });
});
