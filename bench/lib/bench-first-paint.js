// `node bench/run.js --first-paint` (issue 13 item 4): what a first visit to /, /login and /dashboard
// (signed in) loads, measured without timing: the compressed bytes of the JavaScript and CSS it
// requests and the round trips (waves) it needs. Headless Chromium through Playwright.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startServer } from "./server.js";
import { registerOwner } from "./session.js";

const ASSETS = path.resolve(import.meta.dirname, "../../apps/web/dist/assets");
/** Added to every request, so requests that wait on one another fall into separate waves. */
const LATENCY_MS = 200;
const PAGES = [
  { path: "/", signedIn: false, ready: "Welcome to Flowdeck", target: 100 },
  { path: "/login", signedIn: false, ready: "Sign in", target: null },
  { path: "/dashboard", signedIn: true, ready: "Welcome back", target: 150 },
];

export async function benchFirstPaint() {
  console.log(`\nFirst paint: JS + CSS a first visit loads (Brotli bytes as built), waves at ${LATENCY_MS} ms latency`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    const session = await registerOwner(server.url);
    for (const page of PAGES) {
      const result = await visit(browser, server.url, page, page.signedIn ? session.cookie : null);
      const kb = (bytes) => (bytes / 1024).toFixed(1);
      const target = page.target ? ` (target ≤ ${page.target} KB)` : "";
      console.log(
        `  ${page.path.padEnd(11)} ${kb(result.brotli)} KB Brotli${target}, ${result.files.length} files ` +
          `(JS ${kb(result.js)} KB, CSS ${kb(result.css)} KB), ${result.waves.length} waves`,
      );
      result.waves.forEach((wave, index) => console.log(`    wave ${index + 1}: ${wave.join(", ")}`));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function visit(browser, url, page, cookie) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (cookie) {
    const pairs = cookie.split("; ").map((pair) => pair.split("="));
    await context.addCookies(pairs.map(([name, value]) => ({ name, value, url })));
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const requests = [];
  tab.on("request", (request) => requests.push({ url: new URL(request.url()), at: performance.now() }));
  await tab.goto(`${url}${page.path}`);
  await tab.getByRole("heading", { level: 1, name: page.ready }).waitFor();
  await tab.waitForLoadState("networkidle");
  await context.close();

  const files = requests.filter(({ url: { pathname } }) => /^\/assets\/.+\.(js|css)$/.test(pathname));
  const sizeOf = ({ url: { pathname } }) => {
    const file = path.join(ASSETS, path.basename(pathname));
    return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  };
  const sum = (list) => list.reduce((total, file) => total + sizeOf(file), 0);
  return {
    files,
    brotli: sum(files),
    js: sum(files.filter(({ url: { pathname } }) => pathname.endsWith(".js"))),
    css: sum(files.filter(({ url: { pathname } }) => pathname.endsWith(".css"))),
    waves: wavesOf(
      requests.filter(({ url: { pathname } }) => !pathname.startsWith("/favicon")),
      (request) => (files.includes(request) ? ` ${(sizeOf(request) / 1024).toFixed(1)}` : ""),
    ),
  };
}

/**
 * A request that starts a full round trip after the current wave's first one waited on a response.
 * Each request is named by its path (assets without their hash) and `label` (the asset's KB).
 */
function wavesOf(requests, label) {
  const waves = [];
  let waveStart = -Infinity;
  for (const request of [...requests].sort((a, b) => a.at - b.at)) {
    if (request.at - waveStart >= LATENCY_MS * 0.9) {
      waves.push([]);
      waveStart = request.at;
    }
    const name = request.url.pathname.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.(js|css)$/, ".$1");
    waves.at(-1).push(`${name}${label(request)}`);
  }
  return waves;
}
