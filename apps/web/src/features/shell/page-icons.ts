import {
  BarChart3,
  CreditCard,
  FileText,
  LayoutDashboard,
  Mail,
  ScrollText,
  Settings,
  SquareTerminal,
  User,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";

export const PAGE_ICONS: Record<string, LucideIcon> = {
  "/dashboard": LayoutDashboard,
  "/workflows": Workflow,
  "/tasks": SquareTerminal,
  "/documents": FileText,
  "/reports": BarChart3,
  "/profile": User,
  "/admin/members": Users,
  "/admin/invitations": Mail,
  "/admin/settings": Settings,
  "/admin/audit": ScrollText,
  "/admin/billing": CreditCard,
};
