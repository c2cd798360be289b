import clsx from "clsx";

/** The id of a field's counter, for its aria-describedby. */
export function counterIdOf(fieldId: string) {
  return `${fieldId}-count`;
}

/**
 * "12 / 200 characters" under a limited field (issue 15: no silent cut). Over the limit it says by
 * how much, and the form refuses it; where the field stops typing at the limit (`stops`), it says
 * so once the limit is reached.
 */
export function CharacterCounter({
  fieldId,
  length,
  limit,
  stops = false,
}: {
  fieldId: string;
  length: number;
  limit: number;
  stops?: boolean;
}) {
  const over = length > limit;
  const full = stops && length >= limit;
  return (
    <p
      id={counterIdOf(fieldId)}
      className={clsx(
        "text-right text-xs tabular-nums",
        over || full ? "font-medium text-red-600 dark:text-red-400" : "text-gray-600 dark:text-gray-400",
      )}
    >
      {length.toLocaleString("en-US")} / {limit.toLocaleString("en-US")} characters
      {over && ` (${(length - limit).toLocaleString("en-US")} too many)`}
      {full && !over && " (the limit: no more can be typed)"}
    </p>
  );
}
