import type { LucideIcon } from "lucide-react";
import { ArrowRight, CreditCard, Users, Workflow } from "lucide-react";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";

type Feature = { title: string; description: string; icon: LucideIcon };

const features: Feature[] = [
  {
    title: "Credit Management",
    description: "Keep an organization's credit balance in view, top it up and see every credit your team consumes.",
    icon: CreditCard,
  },
  {
    title: "Team Collaboration",
    description: "Invite members, give each the right role and share documents across your organization.",
    icon: Users,
  },
  {
    title: "Process Automation",
    description: "Chain system commands into workflows, schedule them and follow their progress as they run.",
    icon: Workflow,
  },
];

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-gray-950";
const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-5 py-2.5 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:ring-offset-gray-950";
const navLink =
  "rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-gray-100";

/**
 * The public landing page (spec 2). A first visit to / gets it as a page of its own, without the
 * app's router and data layer (landing-main.tsx), so its links are plain links into the app.
 * A signed-in visitor is offered the way back to their dashboard, not Login and Sign Up.
 */
export function LandingPage({ signedIn, notice }: { signedIn: boolean; notice?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <header className="border-b border-gray-200 bg-white/80 backdrop-blur dark:border-gray-800 dark:bg-gray-900/80">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <a href="/" className="rounded-lg text-xl font-bold text-indigo-600 dark:text-indigo-400">
            Flowdeck
          </a>
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            {signedIn ? (
              <a href="/dashboard" className={navLink}>
                Dashboard
              </a>
            ) : (
              <>
                <a href="/login" className={navLink}>
                  Login
                </a>
                <a href="/register" className={navLink}>
                  Sign Up
                </a>
              </>
            )}
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main className="flex-1">
        {notice}
        <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Welcome to Flowdeck</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
            One workspace for your team to manage credits, members and the automated workflows that keep operations
            running.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <a href="/dashboard" className={primaryButton}>
                Go to your dashboard
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            ) : (
              <>
                <a href="/register" className={primaryButton}>
                  Get Started
                  <ArrowRight aria-hidden="true" className="size-4" />
                </a>
                <a href="/login" className={secondaryButton}>
                  Sign In
                </a>
              </>
            )}
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {features.map(({ title, description, icon: Icon }) => (
              <li
                key={title}
                className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{description}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <div className="rounded-lg bg-indigo-600 px-6 py-12 text-center text-white dark:bg-indigo-700">
            <h2 className="text-2xl font-bold sm:text-3xl">Ready to get your team organized?</h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">
              Create an organization or join one with an invitation code in under a minute.
            </p>
            <a
              href="/register"
              className="mt-6 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-600 focus-visible:outline-none"
            >
              Create Your Account
            </a>
          </div>
        </section>
      </main>

      <footer className="border-t border-gray-200 py-6 text-center text-sm text-gray-500 dark:border-gray-800 dark:text-gray-400">
        © 2025 Flowdeck. All rights reserved.
      </footer>
    </div>
  );
}
