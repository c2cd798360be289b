import {
  REGISTRATION_CONFIRMATION_HOURS,
  REGISTRATION_CONFIRMATION_MESSAGES,
} from "@flowdeck/shared/auth/registration-confirmation";
import { AuthLayout } from "./auth-layout.tsx";
import { MailSent } from "./mail-sent.tsx";

/** After registering when addresses are confirmed first (decisions 041, 045): the same for every address. */
export function RegistrationSent({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <AuthLayout title="Create your account" pageTitle="Sign Up">
      <MailSent
        title={REGISTRATION_CONFIRMATION_MESSAGES.checkEmail}
        what="a message"
        to={email}
        note={`Open the link in it within ${REGISTRATION_CONFIRMATION_HOURS} hours to create your account and organization. If the address already has an account, the message says how to sign in instead.`}
        other="Use a different email"
        onOther={onChangeEmail}
      />
    </AuthLayout>
  );
}
