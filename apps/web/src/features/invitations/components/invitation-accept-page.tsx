import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { InvitationPreview } from "@flowdeck/shared/invitations/schemas";
import { CircleCheck, MailOpen, TriangleAlert } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingDialog } from "@/components/ui/loading-dialog.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useMe } from "@/lib/session/get-me.ts";
import { useAcceptInvitation } from "../api/accept-invitation.ts";
import { useDeclineInvitation } from "../api/decline-invitation.ts";
import { useInvitationPreview } from "../api/get-invitation-preview.ts";
import { invitationKeys } from "../api/invitation-keys.ts";
import { declinedState, welcomeState } from "@/lib/session/invitation-notice-state.ts";
import { InvitationDetails } from "./invitation-details.tsx";
import { InvitationLayout } from "./invitation-layout.tsx";
import { acceptedOrganization, rememberAccepted } from "@/lib/session/accepted-invitations.ts";

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-gray-900";

/** /invite/{inviteCode}: exactly spec 2 "Invitation acceptance". */
export function InvitationAcceptPage() {
  const { inviteCode = "" } = useParams();
  const preview = useInvitationPreview(inviteCode);
  const me = useMe();
  const [alreadyAccepted] = useState(() => acceptedOrganization(inviteCode));

  if (preview.isPending) return <LoadingCard />;

  // The server keeps an accepted invitation to say so to any browser (decision 040); this browser
  // may also remember which organization it joined.
  const acceptedOnServer = preview.error?.message === INVITATION_MESSAGES.accepted;
  if (preview.error && (alreadyAccepted || acceptedOnServer)) {
    const signedIn = Boolean(me.data);
    return (
      <InvitationLayout>
        <div className="text-center">
          <CircleCheck aria-hidden className="mx-auto size-10 text-green-600 dark:text-green-400" />
          <h1 className="mt-4 text-2xl font-semibold">{INVITATION_MESSAGES.alreadyAcceptedTitle}</h1>
          <p className="mt-2 wrap-anywhere text-gray-700 dark:text-gray-300">
            {alreadyAccepted
              ? INVITATION_MESSAGES.alreadyAccepted(alreadyAccepted)
              : `${INVITATION_MESSAGES.accepted}.${signedIn ? "" : ` ${INVITATION_MESSAGES.acceptedSignIn}`}`}
          </p>
          <Link
            to={signedIn ? "/dashboard" : "/login"}
            className={`${linkButton} mt-6 bg-indigo-600 text-white hover:bg-indigo-500`}
          >
            {signedIn ? "Go to your dashboard" : "Sign in"}
          </Link>
        </div>
      </InvitationLayout>
    );
  }

  if (preview.error) {
    return (
      <InvitationLayout>
        <div className="text-center">
          <TriangleAlert aria-hidden className="mx-auto size-10 text-red-500" />
          <h1 className="mt-4 text-2xl font-semibold">{INVITATION_MESSAGES.invalidTitle}</h1>
          <p className="mt-2 text-gray-700 dark:text-gray-300">{preview.error.message}</p>
          <Link to="/" className={`${linkButton} mt-6 bg-indigo-600 text-white hover:bg-indigo-500`}>
            Go Home
          </Link>
        </div>
      </InvitationLayout>
    );
  }

  const invitation = preview.data;
  return (
    <InvitationLayout>
      <div className="text-center">
        <MailOpen aria-hidden className="mx-auto size-10 text-indigo-600 dark:text-indigo-400" />
        <h1 className="mt-4 text-2xl font-semibold">{INVITATION_MESSAGES.invitedTitle}</h1>
        <p className="mt-2 wrap-anywhere text-gray-600 dark:text-gray-400">
          {invitation.invitedByName || "Someone"} invited you to join <strong>{invitation.organizationName}</strong> on
          Flowdeck.
        </p>
      </div>
      <div className="mt-6">
        <InvitationDetails invitation={invitation} />
      </div>
      <div className="mt-6">
        {me.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : me.data ? (
          <Respond code={inviteCode} invitation={invitation} signedInAs={me.data.user.email} />
        ) : (
          <SignedOut code={inviteCode} invitation={invitation} />
        )}
      </div>
    </InvitationLayout>
  );
}

function LoadingCard() {
  return (
    <InvitationLayout>
      <div aria-busy="true" aria-label="Loading the invitation" className="space-y-4">
        <Skeleton className="mx-auto size-10 rounded-full" />
        <Skeleton className="mx-auto h-7 w-56" />
        <Skeleton className="mx-auto h-4 w-72 max-w-full" />
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </InvitationLayout>
  );
}

/** Drops the cached answer for a code that is about to be used, so a return visit asks the server again. */
function useForgetPreview(code: string) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: invitationKeys.preview(code) });
}

function SignedOut({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const forgetPreview = useForgetPreview(code);
  const back = `/invite/${encodeURIComponent(code)}`;
  const registerUrl = `/register?${new URLSearchParams({ code, email: invitation.email, redirect: back })}`;
  return (
    <div className="space-y-4 text-center">
      <p className="text-gray-700 dark:text-gray-300">{INVITATION_MESSAGES.pleaseLogIn}</p>
      <Link
        to={`/login?${new URLSearchParams({ redirect: back, email: invitation.email })}`}
        className={`${linkButton} w-full bg-indigo-600 text-white hover:bg-indigo-500`}
      >
        Log In
      </Link>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        New to Flowdeck?{" "}
        <Link
          to={registerUrl}
          onClick={forgetPreview}
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          Create an account with this invitation
        </Link>
      </p>
    </div>
  );
}

function Respond({
  code,
  invitation,
  signedInAs,
}: {
  code: string;
  invitation: InvitationPreview;
  signedInAs: string;
}) {
  const navigate = useNavigate();
  const forgetPreview = useForgetPreview(code);
  const accept = useAcceptInvitation(code);
  const decline = useDeclineInvitation(code);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const processing = accept.isPending || decline.isPending || leaving;
  const otherAccount = signedInAs.toLowerCase() !== invitation.email.toLowerCase();

  const fail = (failure: unknown) =>
    setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));

  const onAccept = () => {
    setError(null);
    accept.mutate(undefined, {
      onSuccess: async (accepted) => {
        rememberAccepted(code, accepted.organizationName);
        setLeaving(true);
        await navigate("/dashboard", { replace: true, state: welcomeState(accepted) });
        forgetPreview();
      },
      onError: fail,
    });
  };
  const onDecline = () => {
    setError(null);
    decline.mutate(undefined, {
      onSuccess: async () => {
        setLeaving(true);
        await navigate("/", { replace: true, state: declinedState });
        forgetPreview();
      },
      onError: fail,
    });
  };

  return (
    <div className="space-y-4">
      {otherAccount && (
        <Alert tone="info">
          This invitation was sent to <strong>{invitation.email}</strong>; you are signed in as{" "}
          <strong>{signedInAs}</strong>.
        </Alert>
      )}
      {error && (
        <Alert tone="error" title="Error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={processing} onClick={onDecline}>
          {processing ? "Processing..." : "Decline"}
        </Button>
        <Button disabled={processing} onClick={onAccept}>
          {processing ? "Processing..." : "Accept Invitation"}
        </Button>
      </div>
      <LoadingDialog
        open={processing}
        title={INVITATION_MESSAGES.processingTitle}
        message={INVITATION_MESSAGES.processingMessage}
      />
    </div>
  );
}
