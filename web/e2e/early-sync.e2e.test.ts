import { randomUUID } from "node:crypto";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { hello } from "@hirestream/contracts/sync/messages.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REPLICA_DB_NAME } from "../src/replica/replica-name.ts";
import { replicaRecordKey } from "../src/replica/storage/replica-record-key.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";

// A signed-in page load opens the sync socket from its first module: on a fresh profile it says
// hello before the app's code, and so the replica, has loaded; with a replica, the replica's cursor.

let e2e: E2E;
let stored: Record<string, string>;
const names = Array.from({ length: 12 }, (_, index) => `Early${index} Person${index}`);

beforeAll(async () => {
  e2e = await startE2E();
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "early-sync@example.com");
  const { "token-type": _, ...session } = await sessionHeadersOf(page);
  stored = session;
  await context.close();
  const user = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", "early-sync@example.com")
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const [index, name] of names.entries()) {
    const personId = randomUUID();
    const [first_name = "", last_name = ""] = name.split(" ");
    const profile = { ...emptyProfile(), first_name, last_name, email: `early${index}@example.com` };
    ({ position } = await appendEvents(
      e2e.app.store,
      `person-${personId}`,
      [{ type: "PersonAdded", data: { personId, ownerId: user.id, profile, workspaceId: null, source: "extension" } }],
      { occurredAt: new Date().toISOString(), actor: user.id, expectedRevision: "no_stream" },
    ));
  }
  await e2e.app.readModels.waitFor(position, 20_000);
});
afterAll(async () => {
  await e2e?.close();
});

/** The hellos the page's sync sockets send, as they go. */
function hellosOf(page: Page): { cursor: number; scopes: string[] }[] {
  const hellos: { cursor: number; scopes: string[] }[] = [];
  page.on("websocket", (socket) => {
    socket.on("framesent", ({ payload }) => {
      const sent = hello.safeParse(JSON.parse(String(payload)));
      if (sent.success) hellos.push({ cursor: sent.data.cursor, scopes: sent.data.scopes });
    });
  });
  return hellos;
}

/** A fresh profile whose every load finds the user's session stored. */
async function signedInContext() {
  const context = await e2e.newContext();
  await context.addInitScript((session: Record<string, string>) => {
    for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
  }, stored);
  return context;
}

const talentPoolRows = (page: Page) => page.locator('table tbody tr a[href^="/profile/"]');

/** Reloads the Talent Pool, and once its rows show, the first hello the reloaded page said. */
async function helloOfReload(page: Page): Promise<{ cursor: number; scopes: string[] } | undefined> {
  const sent = hellosOf(page);
  await page.reload();
  await talentPoolRows(page).first().waitFor();
  const [first] = await eventually(
    async () => sent,
    (hellos) => hellos.length > 0,
  );
  return first;
}

const replicaExists = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).some((database) => database.name === "hirestream-replica"));

it("on a fresh profile, says hello before the app's code has loaded, then shows the Talent Pool's rows", async () => {
  const context = await signedInContext();
  const page = await context.newPage();
  const hellos = hellosOf(page);
  // Every script but the page's first module (the entry and what it imports) waits until released.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (!holding || /\/assets\/(index|early)-[^/]*\.js$/.test(route.request().url())) return route.continue();
    held.push(route);
  });

  await page.goto("/talent_pool", { waitUntil: "commit" });
  await eventually(
    async () => hellos.length,
    (count) => count > 0,
  );
  expect(hellos).toEqual([{ cursor: 0, scopes: [] }]);
  // The app's code, which opens the replica, has not run: the replica does not exist yet.
  expect(held.length).toBeGreaterThan(0);
  expect(await replicaExists(page)).toBe(false);

  holding = false;
  for (const route of held.splice(0)) await route.continue();
  const rows = talentPoolRows(page);
  await rows.first().waitFor();
  expect(names).toContain(await rows.first().textContent());
  await page.getByText("12 people", { exact: true }).waitFor();
  expect(hellos).toHaveLength(1);

  // Reloaded with the replica on disk: the socket opens as early, and the hello names the replica's
  // cursor and scopes, so nothing the replica holds comes again.
  const reloaded = await helloOfReload(page);
  expect(reloaded?.cursor).toBeGreaterThan(0);
  expect(reloaded?.scopes.length).toBeGreaterThan(0);
  await context.close();
});

it("greets a replica the app kept no record of as a fresh one, fills it again whole, and resumes it after", async () => {
  const context = await signedInContext();
  const page = await context.newPage();
  const rows = talentPoolRows(page);
  await page.goto("/talent_pool");
  await page.getByText("12 people", { exact: true }).waitFor();

  // The record goes, the database stays (site data partly cleared): nothing says the replica is there.
  // Taken away as the next load begins, before its code runs: the sync still moving its cursor would
  // write it again between a removal now and the next load.
  const record = replicaRecordKey(REPLICA_DB_NAME);
  await eventually(
    () => page.evaluate((key) => localStorage.getItem(key), record),
    (text) => text !== null,
  );
  await page.addInitScript((key) => {
    if (sessionStorage.getItem("drop-replica-record") === null) return;
    sessionStorage.removeItem("drop-replica-record");
    localStorage.removeItem(key);
  }, record);
  await page.evaluate(() => sessionStorage.setItem("drop-replica-record", "yes"));
  // Left for a page of no origin first, not reloaded: a reload's new page could ask for the tabs'
  // lock before the browser had let the old page's go, and then leave the sync to that tab.
  await page.goto("about:blank");
  const afresh = hellosOf(page);
  await page.goto("/talent_pool");
  await page.getByText("12 people", { exact: true }).waitFor();
  expect(afresh[0]).toEqual({ cursor: 0, scopes: [] });
  expect(names).toContain(await rows.first().textContent());
  const held = () =>
    page.evaluate(
      (name) =>
        new Promise<number>((resolve, reject) => {
          const opened = indexedDB.open(name);
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const count = opened.result.transaction("people").objectStore("people").count();
            count.onsuccess = () => {
              opened.result.close();
              resolve(count.result);
            };
          };
        }),
      REPLICA_DB_NAME,
    );
  expect(await eventually(held, (count) => count === names.length)).toBe(names.length);

  // Opened, the replica is recorded again: the next load resumes it from its cursor.
  expect((await helloOfReload(page))?.cursor).toBeGreaterThan(0);
  await context.close();
});
