import { Calendar, FileText, User } from "lucide-react";
import type { BadgeColor } from "@/components/ui/badge.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { formatCalendarDay } from "@/lib/format-date.ts";

type ReportStatus = "completed" | "archive" | "in-progress";

type Report = { id: string; title: string; description: string; date: string; author: string; status: ReportStatus };

// Reports are a static sample list (spec 1); there is no reports API.
const sampleReports: Report[] = [
  {
    id: "q4-credit-usage",
    title: "Q4 Credit Usage",
    description: "Credits consumed per member and per workflow over the last quarter.",
    date: "2025-01-15",
    author: "Alex Morgan",
    status: "completed",
  },
  {
    id: "2024-annual-activity",
    title: "2024 Annual Activity",
    description: "Workflow runs, task executions and document uploads across the whole of 2024.",
    date: "2024-12-31",
    author: "Jordan Lee",
    status: "archive",
  },
  {
    id: "workflow-performance",
    title: "Workflow Performance",
    description: "Success rates and average durations of scheduled workflows, updated as runs complete.",
    date: "2025-02-03",
    author: "Sam Patel",
    status: "in-progress",
  },
];

const statusColor: Record<ReportStatus, BadgeColor> = {
  completed: "green",
  archive: "gray",
  "in-progress": "blue",
};

export function ReportsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 dark:text-gray-100">Reports</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Sample reports for your organization.</p>
      </div>
      <ul className="space-y-4">
        {sampleReports.map((report) => (
          <li
            key={report.id}
            className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
          >
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="flex min-w-0 gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
                  <FileText aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <h2 className="font-semibold text-gray-900 dark:text-gray-100">{report.title}</h2>
                  <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{report.description}</p>
                </div>
              </div>
              <div className="shrink-0">
                <Badge color={statusColor[report.status]}>{report.status}</Badge>
              </div>
            </div>
            <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-500 dark:text-gray-400">
              <div className="flex items-center gap-1.5">
                <dt>
                  <Calendar aria-hidden="true" className="size-4" />
                  <span className="sr-only">Date</span>
                </dt>
                <dd>
                  <time dateTime={report.date}>{formatCalendarDay(report.date)}</time>
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt>
                  <User aria-hidden="true" className="size-4" />
                  <span className="sr-only">Author</span>
                </dt>
                <dd>{report.author}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
