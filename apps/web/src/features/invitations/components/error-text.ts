import { ApiError } from "@/lib/api-client.ts";

/** Spec 8 "Invitations": a failure shows 'Error: <message>' in red. */
export function errorText(error: unknown): string {
  const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return `Error: ${message}`;
}
