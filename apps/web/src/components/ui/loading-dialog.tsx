import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Spinner } from "./spinner.tsx";

type LoadingDialogProps = { open: boolean; title: string; message?: ReactNode };

// Blocks the page while an operation must finish, so it cannot be dismissed by Escape or an outside click.
const preventDismiss = (event: Event) => event.preventDefault();

export function LoadingDialog({ open, title, message }: LoadingDialogProps) {
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50 backdrop-blur-sm" />
        <Dialog.Content
          role="alertdialog"
          aria-busy="true"
          onEscapeKeyDown={preventDismiss}
          onPointerDownOutside={preventDismiss}
          onInteractOutside={preventDismiss}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 rounded-lg bg-white px-6 py-8 text-center shadow-xl ring-1 ring-gray-900/10 focus:outline-none dark:bg-gray-900 dark:ring-white/10"
        >
          <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" />
          <Dialog.Title className="text-lg font-semibold text-gray-900 dark:text-gray-100">{title}</Dialog.Title>
          {message ? (
            <Dialog.Description className="text-sm text-gray-600 dark:text-gray-400">{message}</Dialog.Description>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
