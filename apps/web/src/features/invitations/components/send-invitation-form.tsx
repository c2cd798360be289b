import { INVITABLE_ROLES, isValidEmail, type InvitableRole } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { CUSTOM_MESSAGE_MAX_LENGTH, CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import { Send } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useSendInvitation } from "../api/send-invitation.ts";
import { errorText } from "./error-text.ts";
import { useIntent } from "@/lib/idempotency-key.ts";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";

const fieldClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100";

/** The send form of spec 2 "Invitations": submit stays disabled until the address is valid. */
export function SendInvitationForm({ orgId }: { orgId: string }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("viewer");
  const [customMessage, setCustomMessage] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Notice | null>(null);
  const send = useSendInvitation(orgId);
  const sendIntent = useIntent();
  const roleId = useId();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateInvitationSchema.safeParse({ email, role, customMessage });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setOutcome(null);
    if (!sendIntent.begin(parsed.data)) return; // a second click while sending
    send.mutate(parsed.data, {
      onSettled: (_invitation, error) => sendIntent.end(!error),
      onSuccess: (invitation) => {
        setOutcome({ tone: "success", text: INVITATION_MESSAGES.sent(invitation.email) });
        setEmail("");
        setCustomMessage("");
        setRole("viewer");
      },
      onError: (error) => setOutcome({ tone: "error", text: errorText(error) }),
    });
  };

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
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="space-y-1">
            <label htmlFor={roleId} className="block text-sm font-medium text-gray-700 dark:text-gray-200">
              Role
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => setRole(event.target.value as InvitableRole)}
              className={fieldClass}
            >
              {INVITABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor={messageId} className="block text-sm font-medium text-gray-700 dark:text-gray-200">
            Custom message <span className="font-normal text-gray-500 dark:text-gray-400">(optional)</span>
          </label>
          <textarea
            id={messageId}
            rows={3}
            maxLength={CUSTOM_MESSAGE_MAX_LENGTH}
            value={customMessage}
            onChange={(event) => setCustomMessage(event.target.value)}
            aria-invalid={errors.customMessage ? true : undefined}
            placeholder="A few words for the person you invite"
            className={fieldClass}
          />
          {errors.customMessage && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.customMessage}
            </p>
          )}
        </div>
        <NoticeAlert notice={outcome} onDismiss={() => setOutcome(null)} />
        <Button type="submit" disabled={!isValidEmail(email)} busy={send.isPending}>
          <Send aria-hidden className="size-4" />
          {send.isPending ? "Sending..." : "Send invitation"}
        </Button>
      </form>
    </section>
  );
}
