// The one way an app of this repository is bundled for Node: its code and the shared package (which
// is not published) in one ESM file per entry point, npm packages left external.
import { build } from "esbuild";

/**
 * @param {string} appDir the app's folder (its package.json's)
 * @param {Pick<import("esbuild").BuildOptions, "entryPoints" | "outfile" | "outdir">} output
 */
export async function bundleNodeApp(appDir, output) {
  await build({
    absWorkingDir: appDir,
    ...output,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    packages: "external",
    alias: { "@flowdeck/shared": "../../packages/shared/src" },
    logLevel: "warning",
  });
}
