import type { FileClass } from "@flowdeck/shared/documents/file-types";
import clsx from "clsx";
import {
  File,
  FileArchive,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  Presentation,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<FileClass, { icon: LucideIcon; tone: string }> = {
  documents: { icon: FileText, tone: "bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300" },
  spreadsheets: { icon: FileSpreadsheet, tone: "bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300" },
  presentations: {
    icon: Presentation,
    tone: "bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300",
  },
  images: { icon: FileImage, tone: "bg-purple-100 text-purple-700 dark:bg-purple-500/15 dark:text-purple-300" },
  archives: { icon: FileArchive, tone: "bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-200" },
  code: { icon: FileCode, tone: "bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-200" },
  other: { icon: File, tone: "bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300" },
};

/** Spec 3 "fileIcon": one icon per extension class. Decorative: the file name says the type. */
export function FileIcon({ fileClass, className }: { fileClass: FileClass; className?: string }) {
  const { icon: Icon, tone } = ICONS[fileClass];
  return (
    <span className={clsx("flex shrink-0 items-center justify-center rounded-lg", tone, className ?? "size-10")}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
