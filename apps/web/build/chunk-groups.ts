import path from "node:path";

/** What Rolldown tells a group's `name` function about a module (a subset of its ModuleInfo). */
type ModuleGraph = {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
};

/** A library: what the app's start and the landing page do not import is loaded only where it is used. */
const LIBRARY = /[\\/]node_modules[\\/]/;

/**
 * packages/shared's index only re-exports, and the package has no side effects: Rolldown takes from
 * it only what a module uses, so the search for libraries below does not go through it (it re-exports
 * the schemas, which import zod).
 */
const SHARED_INDEX = /packages[\\/]shared[\\/]src[\\/]index\.ts$/;

/** Our own modules: the web app's and packages/shared's sources. */
const OWN_SOURCE = /(apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;

/** A module of our own this small (its source, in bytes) goes into `pages-common` when two chunks share it. */
const SMALL_MODULE_BYTES = 6 * 1024;

/**
 * The signed-in app's code in a few files (docs/decisions/084). Rolldown makes a chunk of every set of
 * modules shared by a different set of chunks, so the app's first screen came in ≈ 35 files of
 * mostly 1–2 KB, and on a slow link six connections queue them, each at least a round trip. This
 * names two groups, from the module graph:
 *
 * - `app-start`: what the app's entry (`src/main.tsx`) and the shell (`app-shell.tsx`) import,
 *   statically and transitively: every signed-in page needs it before it can show anything;
 * - `pages-common`: the small modules of our own that several pages share.
 *
 * Neither takes a module the landing page's entry loads (it keeps its few files, no heavier), nor
 * one that imports, at any depth, a library the app's start does not load (zod, react-hook-form,
 * Radix, luxon…): a page without forms must not load them. A module in neither stays where
 * Rolldown puts it.
 */
export function signedInChunkGroups(root: string) {
  const appEntry = path.resolve(root, "src/main.tsx");
  const shell = path.resolve(root, "src/app/shell/app-shell.tsx");
  const landingEntry = path.resolve(root, "src/landing-main.tsx");
  let known:
    | {
        graph: ModuleGraph;
        appStart: Set<string>;
        landing: Set<string>;
        loaded: Set<string>;
        reaches: Map<string, boolean>;
      }
    | undefined;

  const sets = (graph: ModuleGraph) => {
    // One chunking pass asks about every module with the same graph: the sets are made once per pass.
    if (known?.graph !== graph) {
      const landing = staticClosure(graph, [landingEntry], true);
      // Through packages/shared's index: what the app's start takes from it belongs with the start,
      // or the two groups would import each other.
      const appStart = staticClosure(graph, [appEntry, shell], true);
      // The libraries the app's start and the landing page really load (the index re-exports zod's
      // schemas too).
      const loaded = new Set(
        [...staticClosure(graph, [appEntry, shell], false), ...staticClosure(graph, [landingEntry], false)].filter(
          (id) => LIBRARY.test(id),
        ),
      );
      known = { graph, appStart, landing, loaded, reaches: new Map() };
    }
    return known;
  };

  return (id: string, graph: ModuleGraph): string | null => {
    const { appStart, landing, loaded, reaches } = sets(graph);
    const onDemand = (module: string) => LIBRARY.test(module) && !loaded.has(module);
    // The entry stays its own chunk, the one index.html names.
    if (id === appEntry || landing.has(id) || reachesOnDemand(graph, id, onDemand, reaches)) return null;
    if (appStart.has(id)) return "app-start";
    const code = graph.getModuleInfo(id)?.code;
    if (OWN_SOURCE.test(id) && code != null && code.length <= SMALL_MODULE_BYTES) return "pages-common";
    return null;
  };
}

/**
 * The modules `entries` import statically, at any depth, themselves included; through packages/shared's
 * index only when `throughSharedIndex`.
 */
function staticClosure(graph: ModuleGraph, entries: string[], throughSharedIndex: boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (throughSharedIndex || !SHARED_INDEX.test(id)) pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Whether `id` imports, statically and at any depth, a module `onDemand` names: a library that
 * neither the app's start nor the landing page loads (zod, react-hook-form, Radix, luxon…).
 * Memoised in `known`.
 */
function reachesOnDemand(
  graph: ModuleGraph,
  id: string,
  onDemand: (id: string) => boolean,
  known: Map<string, boolean>,
): boolean {
  const answer = known.get(id);
  if (answer !== undefined) return answer;
  // Provisionally no, so an import cycle ends here.
  known.set(id, false);
  const imported = SHARED_INDEX.test(id) ? [] : (graph.getModuleInfo(id)?.importedIds ?? []);
  const reaches = onDemand(id) || imported.some((module) => reachesOnDemand(graph, module, onDemand, known));
  known.set(id, reaches);
  return reaches;
}
