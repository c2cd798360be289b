import { RunnerError } from "../errors.ts";
import { EXIT } from "./exit-codes.ts";

export type Connection = { url: string; token: string };

/** The Flowdeck address and API token, from --url/--token, else FLOWDECK_URL/FLOWDECK_TOKEN. */
export function connectionOf(
  values: { url?: string; token?: string },
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  const rawUrl = values.url ?? env.FLOWDECK_URL;
  const token = (values.token ?? env.FLOWDECK_TOKEN ?? "").trim();
  if (!rawUrl) {
    throw new RunnerError(
      "Set FLOWDECK_URL (or --url) to the address you open Flowdeck at, e.g. https://flowdeck.example.com",
      EXIT.usage,
    );
  }
  if (!token) {
    throw new RunnerError(
      "Set FLOWDECK_TOKEN (or --token) to an API token: create one in Flowdeck under Administration → API tokens.",
      EXIT.usage,
    );
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RunnerError(`FLOWDECK_URL "${rawUrl}" is not an address like https://flowdeck.example.com`, EXIT.usage);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new RunnerError(`FLOWDECK_URL must start with https:// or http:// (got "${rawUrl}").`, EXIT.usage);
  }
  return { url: `${url.origin}${url.pathname}`.replace(/\/+$/, ""), token };
}
