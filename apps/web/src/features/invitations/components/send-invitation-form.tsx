import { INVITABLE_ROLES, isValidEmail } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { CUSTOM_MESSAGE_MAX_LENGTH, CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import { Send } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { NoticeAlert, useNotice } from "@/components/ui/notice.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useSendInvitation } from "../api/send-invitation.ts";
import { errorText } from "./error-text.ts";
import { UnmailedInvitationNotice, type UnmailedInvitation } from "./unmailed-invitation.tsx";

/** The send form of spec 2 "Invitations": submit stays disabled until the address is valid. */
export function SendInvitationForm({ orgId }: { orgId: string }) {
  const form = useZodForm(CreateInvitationSchema, {
    defaultValues: { email: "", role: "viewer", customMessage: "" },
  });
  const { attach: attachForm } = form;
  const [outcome, setOutcome] = useNotice();
  const [unmailed, setUnmailed] = useState<UnmailedInvitation | null>(null);
  const send = useSendInvitation(orgId);
  const sendIntent = useIntent();

  const submit = form.submit((invitation) => {
    setOutcome(null);
    setUnmailed(null);
    const idempotencyKey = sendIntent.begin(invitation);
    if (!idempotencyKey) return; // a second click while sending
    send.mutate(
      { body: invitation, idempotencyKey },
      {
        onSettled: (_invitation, error) => sendIntent.end(!error),
        onSuccess: (sent) => {
          if (sent.mailed) setOutcome({ tone: "success", text: INVITATION_MESSAGES.sent(sent.email) });
          else setUnmailed({ email: sent.email, link: sent.link });
          form.reset();
        },
        onError: (error) => setOutcome({ tone: "error", text: errorText(error) }),
      },
    );
  });

  return (
    <section
      aria-labelledby="send-invitation-title"
      className="rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="send-invitation-title" className="text-lg font-semibold">
        Send an invitation
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        We email a link that is valid for 7 days. Inviting an address again renews its invitation.
      </p>
      <form ref={attachForm} onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
            error={form.errorOf("email")}
            {...form.register("email")}
          />
          <SelectField label="Role" {...form.register("role")}>
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Custom message (optional)"
          rows={3}
          limit={CUSTOM_MESSAGE_MAX_LENGTH}
          value={form.watch("customMessage")}
          placeholder="A few words for the person you invite"
          error={form.errorOf("customMessage")}
          {...form.register("customMessage")}
        />
        <NoticeAlert notice={outcome} onDismiss={() => setOutcome(null)} />
        {unmailed && <UnmailedInvitationNotice invitation={unmailed} onDismiss={() => setUnmailed(null)} />}
        <Button type="submit" disabled={!isValidEmail(form.watch("email"))} busy={send.isPending}>
          <Send aria-hidden className="size-4" />
          {send.isPending ? "Sending..." : "Send invitation"}
        </Button>
      </form>
    </section>
  );
}
