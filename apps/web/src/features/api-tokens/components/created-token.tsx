import type { CreatedApiToken } from "@flowdeck/shared/api-tokens/schemas";
import { Copy } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/** The new token's secret, shown this once: it is stored only as a hash. */
export function CreatedToken({ token, onDismiss }: { token: CreatedApiToken; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(token.token);
    setCopied(true);
  };
  return (
    <Alert tone="success" title={`Token "${token.name}" created`} onDismiss={onDismiss}>
      <p>Copy it now: it is not shown again. Send it as the header Authorization: Bearer &lt;token&gt;.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          aria-label="New API token"
          className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-gray-900 dark:bg-gray-900 dark:text-gray-100"
        >
          {token.token}
        </code>
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden className="size-4" />
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </Alert>
  );
}
