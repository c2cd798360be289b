import clsx from "clsx";
import { Copy } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import type { RegistrationToken } from "@flowdeck/shared/runners/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCreateRegistrationToken } from "../api/create-registration-token.ts";

type Shell = "posix" | "powershell";
const SHELLS: { value: Shell; label: string }[] = [
  { value: "posix", label: "Linux and macOS" },
  { value: "powershell", label: "Windows (PowerShell)" },
];

/**
 * "Register a runner": makes a registration token and shows it once, inside the exact command to
 * run on the machine, for a shell or PowerShell. The runner comes from this Flowdeck (npx fetches
 * /runner/flowdeck-runner.tgz), never from a registry. Then the command that starts it, and how to
 * keep it running as a service. Closing the dialog forgets the token: the server keeps its hash.
 */
export function RegisterRunnerButton({ orgId }: { orgId: string }) {
  const create = useCreateRegistrationToken(orgId);
  const [open, setOpen] = useState(false);
  const [shell, setShell] = useState<Shell>("posix");
  const close = () => {
    setOpen(false);
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
        description="On the machine that will execute your workflows (Node.js 20.19 or later), run this command: it fetches the runner from this Flowdeck and registers it."
        footer={<Button onClick={close}>Done</Button>}
      >
        {create.isError && <Alert tone="error">{create.error.message}</Alert>}
        {create.isPending && <p className="text-sm text-gray-600 dark:text-gray-400">Creating a registration token…</p>}
        {token && <RegistrationSteps token={token} shell={shell} onShellChange={setShell} />}
      </Modal>
    </>
  );
}

function RegistrationSteps({
  token,
  shell,
  onShellChange,
}: {
  token: RegistrationToken;
  shell: Shell;
  onShellChange: (shell: Shell) => void;
}) {
  const { commands } = token;
  const windows = shell === "powershell";
  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label="The machine's system"
        className="inline-flex flex-wrap rounded-lg border border-gray-300 bg-white p-0.5 dark:border-gray-700 dark:bg-gray-900"
      >
        {SHELLS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={shell === value}
            onClick={() => onShellChange(value)}
            className={clsx(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              shell === value
                ? "bg-indigo-600 text-white"
                : "text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <CommandBox
        label="Registration command"
        value={windows ? commands.registerPowerShell : commands.register}
        rows={4}
      >
        The token works once, until <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>, and is
        not shown again.
      </CommandBox>
      <CommandBox label="Start command" value={windows ? commands.startPowerShell : commands.start} rows={2}>
        Executes runs until stopped (Ctrl+C).
      </CommandBox>
      <details className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700">
        <summary className="cursor-pointer font-medium text-gray-900 dark:text-gray-100">
          Keep it running as a service
        </summary>
        <div className="mt-2 space-y-2 text-gray-700 dark:text-gray-300">
          <p>Install it for good from this Flowdeck (the same command updates it later):</p>
          <code className="block rounded bg-gray-100 px-2 py-1 font-mono break-all dark:bg-gray-800">
            {windows ? commands.installPowerShell : commands.install}
          </code>
          <p>
            Register it as above, then have the system run <code className="font-mono">flowdeck-runner start</code>: a
            systemd unit on Linux, a launchd agent on macOS, a Windows service (with WinSW or NSSM). The README's
            “Runners as a service” section has each file ready to copy.
          </p>
        </div>
      </details>
    </div>
  );
}

/** A command in a read-only box, selected on focus, with a Copy button and a line under it. */
function CommandBox({
  label,
  value,
  rows,
  children,
}: {
  label: string;
  value: string;
  rows: number;
  children: ReactNode;
}) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium text-gray-700 dark:text-gray-200" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        // As tall as its command (rows: where field-sizing is not supported).
        className="field-sizing-content block w-full resize-none rounded-lg border border-gray-300 bg-gray-50 p-3 font-mono text-sm break-all dark:border-gray-700 dark:bg-gray-950"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          aria-label={`Copy the ${label.toLowerCase()}`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(value));
          }}
        >
          <Copy aria-hidden="true" className="size-4" />
          {copied === value ? "Copied" : "Copy"}
        </Button>
        <p className="text-sm text-gray-600 dark:text-gray-400">{children}</p>
      </div>
    </div>
  );
}
