import { NAV_SECTIONS, PAGES, hasRole, requiresRoleHint, type NavSection, type Role } from "@flowdeck/shared";
import clsx from "clsx";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { PAGE_ICONS } from "./page-icons.ts";

/**
 * Spec 2 "Navigation": sections General, Personal and Administration, collapsible and hidden
 * when empty; items above the user's role are greyed with a hint; the current item is highlighted.
 */
export function SidebarNav({
  role,
  onNavigate,
  counts = {},
}: {
  role: Role | null;
  onNavigate?: () => void;
  /** A count beside a page's link (the runs waiting for the member's approval). */
  counts?: Partial<Record<string, number>>;
}) {
  const [collapsed, setCollapsed] = useState<Partial<Record<NavSection, boolean>>>({});
  return (
    <nav aria-label="Main" className="space-y-4">
      {NAV_SECTIONS.map((section) => {
        const items = PAGES.filter((page) => page.section === section);
        if (items.length === 0) return null;
        const isCollapsed = collapsed[section] ?? false;
        const listId = `nav-section-${section.toLowerCase()}`;
        return (
          <div key={section}>
            <button
              type="button"
              aria-expanded={!isCollapsed}
              aria-controls={listId}
              onClick={() => setCollapsed({ ...collapsed, [section]: !isCollapsed })}
              className="flex w-full items-center justify-between rounded px-2 py-1 text-xs font-semibold uppercase tracking-wide text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-200"
            >
              {section}
              <ChevronDown className={clsx("h-4 w-4 transition-transform", isCollapsed && "-rotate-90")} aria-hidden />
            </button>
            {!isCollapsed && (
              <ul id={listId} className="mt-1 space-y-0.5">
                {items.map((page) => (
                  <li key={page.path}>
                    <NavItem page={page} role={role} onNavigate={onNavigate} count={counts[page.path]} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </nav>
  );
}

function NavItem({
  page,
  role,
  onNavigate,
  count,
}: {
  page: (typeof PAGES)[number];
  role: Role | null;
  onNavigate?: () => void;
  count?: number;
}) {
  const Icon = PAGE_ICONS[page.path];
  const required: Role | null = page.minimumRole;
  if (required && !hasRole(role, required)) {
    const hint = requiresRoleHint(required);
    return (
      <span
        aria-disabled="true"
        title={hint}
        className="flex cursor-not-allowed items-center gap-3 rounded-lg px-2 py-2 text-sm text-gray-500 dark:text-gray-400"
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex flex-col">
          <span>{page.label}</span>
          <span className="text-xs">{hint}</span>
        </span>
      </span>
    );
  }
  return (
    <NavLink
      to={page.path}
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          "flex items-center gap-3 rounded-lg px-2 py-2 text-sm font-medium",
          isActive
            ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            : "text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800",
        )
      }
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      {page.label}
      {count !== undefined && count > 0 && (
        <span
          aria-label={`${count} waiting`}
          className="ml-auto rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-500"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}
