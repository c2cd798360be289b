import { COMMAND_PREVIEW_LENGTH } from "./constants.ts";

/** A command cut at 50 characters for a card (spec 9), marked with an ellipsis when cut. */
export function commandPreview(command: string, length: number = COMMAND_PREVIEW_LENGTH): string {
  return command.length > length ? `${command.slice(0, length)}...` : command;
}

/** Tags typed as "a, b,, c": trimmed, blanks dropped, each kept once (spec 5 "Task form"). */
export function parseTags(text: string): string[] {
  return uniqueTags(text.split(","));
}

export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

export function formatTags(tags: readonly string[]): string {
  return tags.join(", ");
}
