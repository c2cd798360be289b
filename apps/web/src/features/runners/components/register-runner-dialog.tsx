import { Copy } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCreateRegistrationToken } from "../api/create-registration-token.ts";

/**
 * "Register a runner": makes a registration token and shows it once, inside the exact command to
 * run on the machine. Closing the dialog forgets it: the server keeps only its hash.
 */
export function RegisterRunnerButton({ orgId }: { orgId: string }) {
  const create = useCreateRegistrationToken(orgId);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setOpen(false);
    setCopied(false);
    create.reset();
  };
  const token = create.data;
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
          create.mutate();
        }}
      >
        Register a runner
      </Button>
      <Modal
        open={open}
        onClose={close}
        size="2xl"
        title="Register a runner"
        description="Run this command on the machine that will execute your workflows (Node.js 20.19 or later)."
        footer={<Button onClick={close}>Done</Button>}
      >
        {create.isError && <Alert tone="error">{create.error.message}</Alert>}
        {create.isPending && <p className="text-sm text-gray-600 dark:text-gray-400">Creating a registration token…</p>}
        {token && (
          <div className="space-y-3">
            <label className="block text-sm font-medium text-gray-700 dark:text-gray-200" htmlFor="register-command">
              Registration command
            </label>
            <textarea
              id="register-command"
              readOnly
              rows={3}
              value={token.command}
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full rounded-lg border border-gray-300 bg-gray-50 p-3 font-mono text-sm break-all dark:border-gray-700 dark:bg-gray-950"
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                onClick={() => {
                  void navigator.clipboard?.writeText(token.command).then(() => setCopied(true));
                }}
              >
                <Copy aria-hidden="true" className="size-4" />
                {copied ? "Copied" : "Copy command"}
              </Button>
              <p className="text-sm text-gray-600 dark:text-gray-400">
                The token works once, until <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>,
                and is not shown again.
              </p>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
