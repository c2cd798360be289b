/** Spec 2: the first three tags, then '+N more'. */
export function DocumentTags({ tags, limit = 3 }: { tags: string[]; limit?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, limit);
  const more = tags.length - shown.length;
  return (
    <ul aria-label="Tags" className="flex flex-wrap items-center gap-1.5">
      {shown.map((tag) => (
        <li
          key={tag}
          className="max-w-[10rem] truncate rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
        >
          {tag}
        </li>
      ))}
      {more > 0 && (
        <li className="text-xs text-gray-500 dark:text-gray-400" title={tags.slice(limit).join(", ")}>
          +{more} more
        </li>
      )}
    </ul>
  );
}
