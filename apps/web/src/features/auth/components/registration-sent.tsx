import {
  REGISTRATION_CONFIRMATION_HOURS,
  REGISTRATION_CONFIRMATION_MESSAGES,
} from "@flowdeck/shared/auth/registration-confirmation";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";
import { AuthLayout } from "./auth-layout.tsx";

/** After registering when addresses are confirmed first (decisions 041, 045): the same for every address. */
export function RegistrationSent({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <AuthLayout title="Create your account" pageTitle="Sign Up">
      <div className="space-y-4">
        <Alert tone="success" title={REGISTRATION_CONFIRMATION_MESSAGES.checkEmail}>
          We sent a message to <strong className="break-all">{email}</strong>.
        </Alert>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Open the link in it within {REGISTRATION_CONFIRMATION_HOURS} hours to create your account and organization. If
          the address already has an account, the message says how to sign in instead.
        </p>
        <Button variant="secondary" className="w-full" onClick={onChangeEmail}>
          Use a different email
        </Button>
        <p className="text-center text-sm">
          <TextLink to="/login">Back to sign in</TextLink>
        </p>
      </div>
    </AuthLayout>
  );
}
