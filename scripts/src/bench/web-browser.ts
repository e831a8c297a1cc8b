import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM, QUIET_CHROMIUM_FLAGS } from "../testing/chromium.ts";

// Debian's Chromium as the bench drives it; shared by the browser figures.

/** Headless, with the flags the browser tests use. */
export const CHROMIUM_FLAGS = ["--headless", ...QUIET_CHROMIUM_FLAGS];
/** "Chromium 1xx.…", for the figures' notes: a browser update moves every browser figure. */
export function chromiumVersion(): string {
  const printed = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return printed.trim().split("\n")[0] ?? "?";
}

const CREDENTIAL_KEYS = ["access-token", "client", "uid", "expiry"];

/** The credentials the web app keeps in localStorage, from a sign-up answer's headers. */
export function credentialsOf(session: Record<string, string>): Record<string, string> {
  return Object.fromEntries(CREDENTIAL_KEYS.flatMap((key) => (session[key] ? [[key, session[key]]] : [])));
}

/**
 * A fresh on-disk profile, as a user's browser has: an off-the-record context (browser.newContext)
 * keeps IndexedDB in memory, which would flatter every write figure. It stays on disk (under
 * .data/) until the next run replaces it: Chromium may still be writing it just after it closes.
 */
export async function freshProfile(
  dir: string,
  baseURL: string,
  serviceWorkers: "allow" | "block",
): Promise<BrowserContext> {
  rmSync(dir, { recursive: true, force: true });
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
  });
}

/** A persistent context opens with one page; use it rather than a second. */
export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/** The page's uncaught errors and console errors, collected for a failure's message. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
