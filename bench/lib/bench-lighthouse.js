// `node bench/run.js --lighthouse` (issue 13 item 4, issue 33 item 6): Lighthouse's performance
// score of the built app's /, /login, and signed in /dashboard, /workflows and the run view of a run
// with 20,000 lines of output, through npx, so Lighthouse is no dependency of ours.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startServer } from "./server.js";
import { seedRunWithOutput } from "./seed-run-output.js";
import { registerOwner } from "./session.js";
import { median } from "./stats.js";

// 13.x needs Node 22; 12.8 is the last that runs on Node 20.19.
const LIGHTHOUSE = "lighthouse@12.8.2";
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const RUN_VIEW_LINES = 20_000;
const pages = (runView) => [
  { path: "/", signedIn: false },
  { path: "/login", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/workflows", signedIn: true },
  { path: runView, signedIn: true, name: `run view (${RUN_VIEW_LINES.toLocaleString("en")} lines)` },
];
/** Every page, on a phone (issue 33 item 6). */
const TARGET = 95;
/** A directory to keep each run's JSON report in (to read the LCP element and the waterfall). */
const KEEP_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only the pages whose path or name contains one of these words (comma-separated), e.g. `run view`. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((word) => word.trim());

export async function benchLighthouse() {
  console.log(`\nLighthouse ${LIGHTHOUSE} (mobile, simulated throttling), ${REPEATS} runs per page`);
  const server = await startServer();
  const outDir = mkdtempSync(path.join(tmpdir(), "flowdeck-lighthouse-"));
  if (KEEP_REPORTS) mkdirSync(KEEP_REPORTS, { recursive: true });
  try {
    const session = await registerOwner(server.url);
    const runView = await seedRunWithOutput(server.url, session, RUN_VIEW_LINES);
    const chosen = pages(runView).filter(
      (page) => !ONLY || ONLY.some((word) => (page.name ?? page.path).includes(word)),
    );
    for (const [index, page] of chosen.entries()) {
      const runs = [];
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const kept = KEEP_REPORTS && path.join(KEEP_REPORTS, `page-${index + 1}-run-${repeat + 1}.json`);
        const measure = () =>
          lighthouse(`${server.url}${page.path}`, page.signedIn ? session.cookie : null, outDir, kept);
        // On a loaded machine Lighthouse now and then fails to record the trace (NO_NAVSTART): once more.
        runs.push(await measure().catch(measure));
      }
      const scores = runs.map((run) => run.score);
      const metrics = Object.keys(runs[0].metrics)
        .map((name) => `${name} ${median(runs.map((run) => run.metrics[name]))}`)
        .join(", ");
      console.log(
        `  ${(page.name ?? page.path).padEnd(11)} performance ${median(scores)} (${scores.join(", ")}; target ≥ ${TARGET}); ` +
          `median ${metrics}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await server.stop();
  }
}

async function lighthouse(url, cookie, outDir, kept) {
  const output = path.join(outDir, "report.json");
  const args = [
    "-y",
    LIGHTHOUSE,
    url,
    "--quiet",
    "--only-categories=performance",
    "--output=json",
    `--output-path=${output}`,
    "--chrome-flags=--headless=new --no-sandbox",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  await promisify(execFile)("npx", args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (kept) copyFileSync(output, kept);
  const report = JSON.parse(readFileSync(output, "utf8"));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  if (report.finalDisplayedUrl && !report.finalDisplayedUrl.startsWith(url)) {
    throw new Error(`${url} ended at ${report.finalDisplayedUrl}: is the page reachable as measured?`);
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    metrics: {
      "FCP ms": Math.round(audit("first-contentful-paint")),
      "LCP ms": Math.round(audit("largest-contentful-paint")),
      "TBT ms": Math.round(audit("total-blocking-time")),
      CLS: Number(audit("cumulative-layout-shift").toFixed(3)),
    },
  };
}
