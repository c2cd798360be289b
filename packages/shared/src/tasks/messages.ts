import { MESSAGES } from "../errors/messages.ts";

/** The specification's texts about tasks (spec 5 "Task form", 8), said the same on both sides. */
export const TASK_MESSAGES = {
  nameRequired: "Task name is required",
  commandRequired: "At least one command is required",
  notFound: "Task not found",
  idRequired: MESSAGES.taskIdRequired,
  created: "Task created successfully!",
  updated: "Task updated successfully!",
  deleted: "Task deleted successfully!",
  confirmDelete: "Are you sure you want to delete this task?",
  loadFailed: "Failed to load tasks. Please try again.",
  loadError: (message: string) => `Error loading commands: ${message}`,
  loadErrorHint: "Please try refreshing the page.",
  // Not in the specification: its data layer let any member write. Flowdeck keeps changes to editors.
  cannotManage: "You need editor role or higher to change commands",
  assigneeNotMember: "The assignee must be a member of this organization",
  dueDateInvalid: "Please enter a valid due date",
} as const;
