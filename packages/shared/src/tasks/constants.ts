/** The nine categories of a system command (spec 3 "task"). */
export const TASK_CATEGORIES = [
  "general",
  "deployment",
  "backup",
  "monitoring",
  "maintenance",
  "security",
  "database",
  "testing",
  "utilities",
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** System commands are active or inactive and default to active (spec 4 "Task"). */
export const TASK_STATUSES = ["active", "inactive"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The platforms a command has a line for, in the order screens show them. */
export const TASK_PLATFORMS = ["windows", "linux", "mac"] as const;
export type TaskPlatform = (typeof TASK_PLATFORMS)[number];

export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  general: "General",
  deployment: "Deployment",
  backup: "Backup",
  monitoring: "Monitoring",
  maintenance: "Maintenance",
  security: "Security",
  database: "Database",
  testing: "Testing",
  utilities: "Utilities",
};

export const TASK_PLATFORM_LABELS: Record<TaskPlatform, string> = {
  windows: "Windows",
  linux: "Linux",
  mac: "macOS",
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** Spec 9: the command preview on a card is cut at 50 characters. */
export const COMMAND_PREVIEW_LENGTH = 50;
/** Spec 9: "recently created" means within 7 days. */
export const RECENT_DAYS = 7;
/** Spec 9: category stat cards show the first three. */
export const CATEGORY_STAT_CARDS = 3;

export const TASK_LIMITS = {
  name: 200,
  description: 2000,
  command: 4000,
  tags: 20,
  tag: 40,
  projectId: 100,
  search: 200,
} as const;
