import * as Dialog from "@radix-ui/react-dialog";
import type { Me } from "@flowdeck/shared";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { Sidebar } from "./sidebar.tsx";

/**
 * The navigation as a slide-over on small screens. It loads with its first opening (the app shell
 * lazy-loads it), so a phone's first screen does without the dialog library.
 */
export function NavigationDrawer({
  me,
  open,
  onOpenChange,
  opener,
}: {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the drawer closes. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden dark:bg-gray-900"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close navigation"
              className="absolute right-3 top-3 rounded-lg p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </Dialog.Close>
          <Sidebar me={me} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
