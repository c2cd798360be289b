import { CircleCheck, Sparkles } from "lucide-react";
import { useId } from "react";

type ComingSoonPageProps = { title: string; description: string; features: string[] };

/** A preview of a screen that is not built yet (spec 2 "Reports, Billing, Audit"). */
export function ComingSoonPage({ title, description, features }: ComingSoonPageProps) {
  const headingId = useId();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 dark:text-gray-100">{title}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>
      </div>
      <section
        aria-labelledby={headingId}
        className="rounded-lg border border-dashed border-indigo-300 bg-indigo-50/60 p-6 sm:p-8 dark:border-indigo-500/40 dark:bg-indigo-500/5"
      >
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
              Coming soon
            </h2>
            <p className="text-sm text-gray-600 dark:text-gray-400">We are working on this. Here is what to expect:</p>
          </div>
        </div>
        <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {features.map((feature) => (
            <li
              key={feature}
              className="flex items-start gap-2 rounded-lg bg-white p-3 text-sm text-gray-700 shadow-sm dark:bg-gray-900 dark:text-gray-300"
            >
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
              {feature}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
