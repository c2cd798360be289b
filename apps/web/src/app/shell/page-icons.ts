import type { PAGES } from "@flowdeck/shared";
import {
  BarChart3,
  Bell,
  CreditCard,
  FileText,
  KeyRound,
  LayoutDashboard,
  LockKeyhole,
  Mail,
  ScrollText,
  Server,
  Settings,
  SquareTerminal,
  User,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";

/** One icon for each page in the navigation: a page added to PAGES without one does not compile. */
export const PAGE_ICONS: Record<(typeof PAGES)[number]["path"], LucideIcon> = {
  "/dashboard": LayoutDashboard,
  "/workflows": Workflow,
  "/tasks": SquareTerminal,
  "/documents": FileText,
  "/reports": BarChart3,
  "/profile": User,
  "/admin/members": Users,
  "/admin/invitations": Mail,
  "/admin/settings": Settings,
  "/admin/api-tokens": KeyRound,
  "/admin/notifications": Bell,
  "/admin/runners": Server,
  "/admin/secrets": LockKeyhole,
  "/admin/audit": ScrollText,
  "/admin/billing": CreditCard,
};
