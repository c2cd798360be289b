import { InvitationDeclinedNotice } from "@/features/invitations/components/declined-notice.tsx";
import { useMe } from "@/lib/session/get-me.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { LandingPage } from "./landing-page.tsx";

/** The landing page when the app itself navigates to / (e.g. after declining an invitation). */
export function LandingRoute() {
  useDocumentTitle();
  const { data: me } = useMe();
  return (
    <LandingPage
      signedIn={Boolean(me)}
      notice={<InvitationDeclinedNotice className="mx-auto mt-6 w-[calc(100%-2rem)] max-w-4xl" />}
    />
  );
}
