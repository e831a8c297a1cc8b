import { randomUUID } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type ScriptTransfer, scriptsOfFirstLoad, totalBytes } from "@hirestream/scripts/testing/script-transfers.ts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";

// Bytes, not time: what each first load downloads is the same on a busy machine as on a quiet one.
// The 250 kB budget itself is a figure of `npm run bench` (web-weight.bench.ts).

/** Vite's default build.chunkSizeWarningLimit (500 kB of minified code), which the build must not need raised. */
const VITE_CHUNK_WARNING_BYTES = 500 * 1000;

let e2e: E2E;
let credentials: Record<string, string>;
let workspaceId: string;
beforeAll(async () => {
  e2e = await startE2E();
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "app-weight@example.com");
  const { "token-type": _, ...stored } = await sessionHeadersOf(page);
  credentials = stored;
  const response = await context.request.post("/api/v1/workspaces", {
    headers: await sessionHeadersOf(page),
    data: { name: "Weighed" },
  });
  const body: unknown = await response.json();
  const data = body && typeof body === "object" && "data" in body ? body.data : undefined;
  const id = data && typeof data === "object" && "id" in data ? data.id : undefined;
  if (typeof id !== "string") throw new Error(`no workspace created: ${JSON.stringify(body)}`);
  workspaceId = id;
  await context.close();
});
afterAll(async () => {
  await e2e?.close();
});

/** The scripts a fresh browser profile downloads to show `path`, signed in or not. */
async function firstLoad(url: string, signedIn: boolean): Promise<ScriptTransfer[]> {
  const context: BrowserContext = await e2e.newContext();
  try {
    const page: Page = await context.newPage();
    if (signedIn) {
      await page.addInitScript((stored: Record<string, string>) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      }, credentials);
    }
    return await scriptsOfFirstLoad(context, page, url, (shown) =>
      signedIn
        ? shown.locator("header").first().waitFor()
        : shown.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0),
    );
  } finally {
    await context.close();
  }
}

const listed = (scripts: ScriptTransfer[]) =>
  scripts
    .map(
      (script) =>
        `${new URL(script.url).pathname} ${script.encodedBytes} (${script.encoding}, ${script.wireBytes} with headers)`,
    )
    .join("\n");

/** Whether any of the scripts holds `marker` (a name that survives minification). */
async function anyHolds(scripts: ScriptTransfer[], marker: string): Promise<string[]> {
  const holding: string[] = [];
  for (const script of scripts) {
    const file = path.join(import.meta.dirname, "..", "dist", new URL(script.url).pathname);
    if ((await readFile(file, "utf8")).includes(marker)) holding.push(new URL(script.url).pathname);
  }
  return holding;
}

describe("the JavaScript a first load downloads", () => {
  it("comes compressed, and holds the editor, the sequence time zones and the CSV parser only where they are used", async () => {
    const lists = ["/workspaces/me/projects", "/talent_pool", `/workspaces/${workspaceId}/projects/${randomUUID()}`];
    for (const screen of lists) {
      const scripts = await firstLoad(screen, true);
      // An uncompressed script would blow the budget quietly.
      expect(scripts.filter((script) => script.encoding === "identity").map((script) => script.url)).toEqual([]);
      expect(await anyHolds(scripts, "ProseMirror"), `${screen}:\n${listed(scripts)}`).toEqual([]);
      // The New Project and sequence forms' time zones, and the import modal's CSV parser, load when those open.
      expect(await anyHolds(scripts, "Pacific/Pago_Pago"), `${screen}:\n${listed(scripts)}`).toEqual([]);
      expect(await anyHolds(scripts, "UndetectableDelimiter"), `${screen}:\n${listed(scripts)}`).toEqual([]);
    }
  });

  it("holds, signed in, neither the public site's frame, the storage notice, the pipeline's writes nor a worker library", async () => {
    for (const screen of ["/talent_pool", `/workspaces/${workspaceId}/projects/${randomUUID()}`]) {
      const scripts = await firstLoad(screen, true);
      // The public footer's links, the notice's retry, a candidacy's address, workbox-window's own name.
      for (const marker of ["careers.hirestream.app", "Try again now", "project_people", "workbox:window"])
        expect(await anyHolds(scripts, marker), `${screen}, ${marker}:\n${listed(scripts)}`).toEqual([]);
    }
  });

  it("is less for the public pages than for the signed-in app, and holds no replica (Dexie)", async () => {
    const signedIn = await firstLoad("/workspaces/me/projects", true);
    expect((await anyHolds(signedIn, "Dexie")).length).toBeGreaterThan(0);
    for (const page of ["/sign_in", "/sign_up", "/", "/privacy_policy"]) {
      const scripts = await firstLoad(page, false);
      expect(totalBytes(scripts), `${page}:\n${listed(scripts)}`).toBeLessThan(totalBytes(signedIn));
      expect(await anyHolds(scripts, "Dexie")).toEqual([]);
    }
  });
});

it("builds no chunk over Vite's size warning limit", async () => {
  const assets = path.join(import.meta.dirname, "..", "dist", "assets");
  const scripts = (await readdir(assets)).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const oversized: string[] = [];
  for (const name of scripts) {
    const { size } = await stat(path.join(assets, name));
    if (size > VITE_CHUNK_WARNING_BYTES) oversized.push(`${name} ${size}`);
  }
  expect(oversized).toEqual([]);
});
