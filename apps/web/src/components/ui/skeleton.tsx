import clsx from "clsx";

type SkeletonProps = { className?: string };

/** A pulsing placeholder block; hidden from assistive technology, which gets aria-busy on the container instead. */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <div aria-hidden="true" className={clsx("animate-pulse rounded-lg bg-gray-200 dark:bg-gray-700", className)} />
  );
}

type SkeletonTextProps = { lines?: number; className?: string };

export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <div aria-hidden="true" className={clsx("space-y-2", className)}>
      {Array.from({ length: lines }, (_, index) => (
        // A shorter last line reads as the end of a paragraph.
        <Skeleton key={index} className={clsx("h-4", index === lines - 1 && lines > 1 ? "w-2/3" : "w-full")} />
      ))}
    </div>
  );
}
