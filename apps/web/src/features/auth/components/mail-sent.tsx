import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";

/**
 * What a form shows once it has mailed a link: where the mail went, what to do with it, a way to
 * use another address, and the way back to signing in.
 */
export function MailSent(props: {
  title: string;
  what: string;
  to: string;
  note: ReactNode;
  other: string;
  onOther: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title={props.title}>
        We sent {props.what} to <strong className="break-all">{props.to}</strong>.
      </Alert>
      <p className="text-sm text-gray-600 dark:text-gray-400">{props.note}</p>
      <Button variant="secondary" className="w-full" onClick={props.onOther}>
        {props.other}
      </Button>
      <BackToSignIn />
    </div>
  );
}

export function BackToSignIn({ className = "" }: { className?: string }) {
  return (
    <p className={`text-center text-sm ${className}`.trim()}>
      <TextLink to="/login">Back to sign in</TextLink>
    </p>
  );
}
