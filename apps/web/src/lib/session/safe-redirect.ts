/** Only same-site paths are followed after login, never another site's address. */
export function safeRedirect(target: string | null, fallback = "/dashboard"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
