import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { type ScriptTransfer, scriptsOfFirstLoad } from "../testing/script-transfers.ts";
import { createWorkspaces, signUp } from "./api-client.ts";
import { chromiumVersion, credentialsOf, firstPage, freshProfile } from "./web-browser.ts";
import { buildWebForBench } from "./web-build.ts";
import { startWebBenchServer } from "./web-server.ts";

/** One screen opened in a fresh profile, and the JavaScript it downloaded. */
export interface ScreenLoad {
  /** The path, or what it shows when the path holds ids ("a project's page"). */
  label: string;
  path: string;
  signedIn: boolean;
  scripts: ScriptTransfer[];
  /** The same scripts' gzip copies on disk: what a browser that accepts no brotli gets. */
  gzipBytes: number;
}

export interface AppWeightResult {
  chromium: string;
  /** Vite's chunk size warnings, as the build printed them. */
  sizeWarnings: string[];
  screens: ScreenLoad[];
  /** What the service worker fetches after the first load, in the background: every file of its precache. */
  precache: { files: number; brotliBytes: number };
}

/** The precache list generateSW writes into sw.js: `{url:"assets/…",revision:…}` entries. */
function precachedFiles(appDir: string): string[] {
  const worker = readFileSync(path.join(appDir, "sw.js"), "utf8");
  return [...worker.matchAll(/url:"([^"]+)"/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** Size on disk of a file's brotli (or gzip) copy, else of the file itself. */
function compressedSize(file: string, extension: ".br" | ".gz"): number {
  return existsSync(file + extension) ? statSync(file + extension).size : statSync(file).size;
}

/** The signed-in frame is up: its top bar, with no screen still waiting for its code or data. */
async function signedInScreenShown(page: Page): Promise<void> {
  await page.locator("header").first().waitFor({ timeout: 30_000 });
}

/** A public page is up: the app rendered into #root. */
async function publicPageShown(page: Page): Promise<void> {
  // A locator, not a predicate: the app's Content-Security-Policy forbids the eval a string predicate needs.
  await page.locator("#root > *").first().waitFor({ state: "attached", timeout: 30_000 });
}

/**
 * The app's weight: the web app built as `npm start` builds it, served by the API (compressed as
 * it serves it), and the JavaScript each screen's first load downloads in a fresh on-disk Chromium
 * profile, counted by the DevTools protocol. Signed-in screens open with the session stored
 * before the load, as a reload or a new tab does.
 */
export async function benchAppWeight(
  databaseUrl: string,
  options: { repoRoot: string; log: (line: string) => void },
): Promise<AppWeightResult> {
  const { log } = options;
  const workDir = path.join(options.repoRoot, ".data", "bench-weight");
  const appDir = path.join(workDir, "app");
  const { sizeWarnings } = await buildWebForBench(options.repoRoot, appDir);
  const server = await startWebBenchServer(databaseUrl, appDir);
  try {
    const session = await signUp(server.url);
    const [workspaceId] = await createWorkspaces(server.url, session, 1, 1);
    // Screens whose records do not exist still load all their code, which is what is measured.
    const ws = `/workspaces/${workspaceId}`;
    const screens: { label: string; path: string; signedIn: boolean }[] = [
      { label: "/workspaces/me/projects", path: "/workspaces/me/projects", signedIn: true },
      { label: "/talent_pool", path: "/talent_pool", signedIn: true },
      { label: "a project's page", path: `${ws}/projects/${randomUUID()}`, signedIn: true },
      { label: "a person's page", path: `${ws}/people/${randomUUID()}`, signedIn: true },
      { label: "a workspace's sequences", path: `${ws}/sequences`, signedIn: true },
      { label: "a workspace's workflows", path: `${ws}/workflows`, signedIn: true },
      { label: "/sign_in", path: "/sign_in", signedIn: false },
      { label: "/sign_up", path: "/sign_up", signedIn: false },
      { label: "/", path: "/", signedIn: false },
      { label: "/privacy_policy", path: "/privacy_policy", signedIn: false },
    ];
    const loads: ScreenLoad[] = [];
    for (const [index, screen] of screens.entries()) {
      const context = await freshProfile(path.join(workDir, `profile-${index}`), server.url, "allow");
      try {
        const page = await firstPage(context);
        if (screen.signedIn) {
          await page.addInitScript((credentials: Record<string, string>) => {
            for (const [key, value] of Object.entries(credentials)) localStorage.setItem(key, value);
          }, credentialsOf(session));
        }
        const scripts = await scriptsOfFirstLoad(
          context,
          page,
          screen.path,
          screen.signedIn ? signedInScreenShown : publicPageShown,
        );
        const gzipBytes = scripts.reduce(
          (sum, script) => sum + compressedSize(path.join(appDir, new URL(script.url).pathname), ".gz"),
          0,
        );
        loads.push({ ...screen, scripts, gzipBytes });
        log(`  ${screen.label}: ${scripts.length} scripts`);
      } finally {
        await context.close();
      }
    }
    const precache = precachedFiles(appDir);
    return {
      chromium: chromiumVersion(),
      sizeWarnings,
      screens: loads,
      precache: {
        files: precache.length,
        brotliBytes: precache.reduce((sum, file) => sum + compressedSize(path.join(appDir, file), ".br"), 0),
      },
    };
  } finally {
    await server.stop();
  }
}
