import type { ReactNode } from "react";
import { PublicCardPage } from "@/components/ui/public-card-page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** The public frame of /invite/{code}: one card, a little wider than the sign-in forms. */
export function InvitationLayout({ children }: { children: ReactNode }) {
  useDocumentTitle("Invitation");
  return <PublicCardPage width="lg">{children}</PublicCardPage>;
}
