import { CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsOf } from "@/lib/form-errors.ts";
import { useSendInvitation } from "@/features/invitations/api/send-invitation.ts";
import { useIntent } from "@/lib/idempotency-key.ts";

/**
 * The dashboard's quick invitation (spec 2): an email, invited as viewer. Success and failure read
 * as on the Invitations page: 'Invitation sent successfully to {email}', 'Error: <message>'.
 */
export function InviteForm({ orgId }: { orgId: string }) {
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const send = useSendInvitation(orgId);
  const sendIntent = useIntent();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(undefined);
    const parsed = CreateInvitationSchema.safeParse({ email, role: "viewer" });
    if (!parsed.success) return setEmailError(fieldErrorsOf(parsed.error).email);
    setEmailError(undefined);
    const idempotencyKey = sendIntent.begin(parsed.data);
    if (!idempotencyKey) return; // a second click while sending
    send.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSettled: (_invitation, error) => sendIntent.end(!error),
        onSuccess: () => {
          setSentTo(parsed.data.email);
          setEmail("");
        },
        onError: (error) => console.error("Sending the invitation failed", error),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Send an invitation"
      className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h3 className="text-sm font-semibold">Invite a teammate</h3>
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        placeholder="teammate@example.com"
        value={email}
        error={emailError}
        hint="They join as a viewer; an admin can change their role later."
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" busy={send.isPending}>
        Send Invitation
      </Button>
      {sentTo && <Alert tone="success">Invitation sent successfully to {sentTo}</Alert>}
      {send.error && <Alert tone="error">Error: {send.error.message}</Alert>}
    </form>
  );
}
