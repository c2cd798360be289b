import { useEffect, useState } from "react";
import { api } from "@/lib/api-client.ts";
import { LandingPage } from "./landing-page.tsx";

/**
 * The landing page as a first visit to / loads it: React alone, without the app's router and data
 * layer, so the first screen stays light (docs/decisions/046). It asks once whether the visitor is
 * signed in.
 */
export function StandaloneLanding() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api("/api/me", { signal: controller.signal }).then(
      () => setSignedIn(true),
      () => undefined, // signed out (401), or the server is away: the signed-out links stay
    );
    return () => controller.abort();
  }, []);
  return <LandingPage signedIn={signedIn} />;
}
