import { REGISTRATION_MESSAGES } from "@flowdeck/shared/auth/registration";
import { TextLink } from "@/components/ui/text-link.tsx";
import { AuthLayout } from "./auth-layout.tsx";

/** REGISTRATION=closed: the register page says so instead of offering a form that cannot work. */
export function RegistrationClosed() {
  return (
    <AuthLayout title={REGISTRATION_MESSAGES.closedTitle} pageTitle="Sign Up">
      <p className="text-gray-700 dark:text-gray-300">{REGISTRATION_MESSAGES.closed}</p>
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        Already have an account? <TextLink to="/login">Sign in</TextLink>
      </p>
    </AuthLayout>
  );
}
