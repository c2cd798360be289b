import { runnerPackageUrl } from "@flowdeck/shared/runners/install";
import { compareVersions } from "@flowdeck/shared/runners/protocol";
import type { Runner } from "@flowdeck/shared/runners/schemas";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";

/** A runner still in use that is older than this Flowdeck, whose runner it serves (decision 063). */
export function isOutdated(runner: Runner): boolean {
  return !runner.revokedAt && compareVersions(runner.version, FLOWDECK_VERSION) < 0;
}

/** The runner's version, marked when it is older than this Flowdeck's. */
export function RunnerVersion({ runner }: { runner: Runner }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {runner.version}
      {isOutdated(runner) && <Badge color="yellow">Outdated</Badge>}
    </span>
  );
}

/** Above the list when some runners are older than this Flowdeck: which, and the command that updates each. */
export function OutdatedRunnersNotice({ runners }: { runners: readonly Runner[] }) {
  const outdated = runners.filter(isOutdated);
  if (outdated.length === 0) return null;
  const names = outdated.map((runner) => runner.name).join(", ");
  return (
    <Alert
      tone="info"
      title={`${outdated.length === 1 ? "A runner is" : `${outdated.length} runners are`} older than this Flowdeck (version ${FLOWDECK_VERSION})`}
    >
      <p className="wrap-anywhere">
        {names}. They still run, but may miss what this version added. On each machine, update the runner with{" "}
        <code className="wrap-anywhere">npm install -g {runnerPackageUrl(window.location.origin)}</code> and restart it.
      </p>
    </Alert>
  );
}
