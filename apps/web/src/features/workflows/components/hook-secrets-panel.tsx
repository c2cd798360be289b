import type { HookSecrets, HookSignature } from "@flowdeck/shared/hooks/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { CopyableValue } from "@/components/ui/copyable-value.tsx";
import { curlExample } from "../lib/hook-example.ts";

type HookSecretsPanelProps = {
  secrets: HookSecrets;
  signature: HookSignature;
  mapping: Record<string, string>;
  onDismiss: () => void;
};

/** A webhook's URL and signing secret, shown this once: the server keeps only a hash and a sealed copy. */
export function HookSecretsPanel({ secrets, signature, mapping, onDismiss }: HookSecretsPanelProps) {
  return (
    <Alert tone="success" title="Copy the webhook's URL now" onDismiss={onDismiss}>
      <div className="space-y-3">
        <p>It is not shown again. Rotate the webhook for a new one.</p>
        <CopyableValue label="Webhook URL" value={secrets.url} />
        {secrets.signingSecret && (
          <CopyableValue label="Signing secret" value={secrets.signingSecret}>
            Sign the raw body with HMAC-SHA256 and send sha256=&lt;hex&gt; in the signature header.
          </CopyableValue>
        )}
        <CopyableValue
          label="Example call"
          value={curlExample({ url: secrets.url, signature, signingSecret: secrets.signingSecret, mapping })}
        />
      </div>
    </Alert>
  );
}
