import { randomUUID } from "node:crypto";
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { goOffline } from "./offline.ts";
import { sessionHeadersOf, signInThroughScreens, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** What the app remembers outside IndexedDB of how far its replica was filled (replica-record.ts). */
async function replicaRecord(page: Page): Promise<{ owner: string; cursor: number; pending: number } | null> {
  const text = await page.evaluate(() => localStorage.getItem("hirestream.replica.hirestream-replica"));
  return text ? (JSON.parse(text) as { owner: string; cursor: number; pending: number }) : null;
}

/** Waits until the replica has caught up with the server once, with no change left to send. */
async function replicaFilled(page: Page): Promise<void> {
  const record = await eventually(
    () => replicaRecord(page),
    (found) => (found?.cursor ?? 0) > 0 && found?.pending === 0,
  );
  expect(record).toMatchObject({ pending: 0 });
  expect(record?.cursor).toBeGreaterThan(0);
}

const notice = (page: Page) => page.getByTestId("storage-notice");
const workspaceLink = (page: Page, name: string) => page.getByRole("main").getByRole("link", { name, exact: true });

/** A workspace made on the server by another device of the same user. */
async function workspaceMadeElsewhere(page: Page, name: string): Promise<void> {
  const response = await fetch(`${e2e.baseUrl}/api/v1/workspaces`, {
    method: "POST",
    headers: {
      ...(await sessionHeadersOf(page)),
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ data: { type: "workspaces", id: randomUUID(), attributes: { name } } }),
  });
  expect(response.status).toBeLessThan(300);
}

async function serverWorkspaceNames(): Promise<string[]> {
  const rows = await e2e.app.db.selectFrom("read.workspaces").select("name").execute();
  return rows.map((row) => row.name);
}

/**
 * Makes IndexedDB writes of the page's origin fail for lack of space, with the browser's own
 * error. Chromium lets writes through on the space it last found free, an allowance that decays
 * to nothing over 30 s (BucketContext::kBucketSpaceCacheTimeLimit); only then does a write ask the
 * quota again and meet the new one. So the wait, before anything is written.
 */
async function leaveNoSpace(cdp: CDPSession): Promise<void> {
  await cdp.send("Storage.overrideQuotaForOrigin", { origin: e2e.baseUrl, quotaSize: 1 });
  await new Promise((resolve) => setTimeout(resolve, 31_000));
}

async function giveSpaceBack(cdp: CDPSession): Promise<void> {
  await cdp.send("Storage.overrideQuotaForOrigin", { origin: e2e.baseUrl });
}

it("asks the browser to keep the replica once the user is signed in, and only then", async () => {
  const context = await e2e.newContext();
  // A private profile is never granted persistence, so what shows that the app asked is the ask
  // itself: each call of the browser's own persist() is counted on its way through.
  await context.addInitScript(() => {
    const storage = navigator.storage;
    const persist = storage.persist.bind(storage);
    const calls = { count: 0 };
    Object.defineProperty(window, "persistCalls", { value: calls });
    storage.persist = () => {
      calls.count += 1;
      return persist();
    };
  });
  const page = await context.newPage();
  const persistCalls = () => page.evaluate(() => Reflect.get(Reflect.get(window, "persistCalls"), "count"));
  await page.goto("/sign_up");
  await page.getByRole("button", { name: "Start" }).waitFor();
  expect(await persistCalls()).toBe(0);
  await signUpThroughScreens(page, "persisted@example.com");
  expect(await eventually(persistCalls, (count) => count > 0)).toBe(1);
  // The browser's answer, whatever it is, is left as it is: nothing claims the data is kept for good.
  expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
  await context.close();
});

it("out of space: tells the user, keeps the changes waiting, says a new change was not saved, and fetches the copy again once space is back", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await signUpThroughScreens(page, "quota@example.com");
  await createWorkspaceThroughScreens(page, "Field sales", e2e);
  await replicaFilled(page);
  // The server turns writes away for now (503, try again in a second), so a change stays waiting
  // in the outbox throughout, and goes once the server takes it.
  await page.route("**/api/v1/workspaces", (route) =>
    route.fulfill({ status: 503, headers: { "retry-after": "1" }, body: "" }),
  );
  await createWorkspaceThroughScreens(page, "Queued");
  const waiting = page.getByRole("status", { name: /1 change waiting to be saved/ });
  await waiting.waitFor();

  await leaveNoSpace(cdp);
  await workspaceMadeElsewhere(page, "Made elsewhere");
  // The change cannot be stored; the copy is dropped and fetched again, which fails too.
  await notice(page).getByText("Still no space for the offline copy").waitFor({ timeout: 20_000 });
  await notice(page).getByText("Changes waiting to be sent are kept and still go to the server.").waitFor();
  await waiting.waitFor();
  // The network is fine: the badge says why syncing stopped, never "Offline".
  await page.getByRole("status", { name: /^Not syncing: no space/ }).waitFor();
  expect(await page.getByRole("status", { name: /^Offline/ }).count()).toBe(0);
  await workspaceLink(page, "Queued").waitFor();
  expect(await workspaceLink(page, "Made elsewhere").count()).toBe(0);

  await page.getByRole("main").getByRole("button", { name: "New workspace" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill("Not storable");
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await notice(page).getByText("Your change was not saved").waitFor();
  await waiting.waitFor();
  expect(await workspaceLink(page, "Not storable").count()).toBe(0);

  await giveSpaceBack(cdp);
  await page.unroute("**/api/v1/workspaces");
  await notice(page).getByRole("button", { name: "Try again now" }).click();
  await notice(page).getByText("The offline copy is complete again").waitFor({ timeout: 20_000 });
  await workspaceLink(page, "Made elsewhere").waitFor();
  await workspaceLink(page, "Field sales").waitFor();
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("Queued"))).toContain("Queued");
  expect(await serverWorkspaceNames()).not.toContain("Not storable");
  await context.close();
}, 120_000);

it("the browser clearing the replica under an open tab: says so, says which changes went with it, and refills", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await signUpThroughScreens(page, "evicted-open@example.com");
  await createWorkspaceThroughScreens(page, "Field sales", e2e);
  await replicaFilled(page);
  // Offline, the next screen opens from the service worker's app shell.
  await goOffline(page);
  await createWorkspaceThroughScreens(page, "Lost with the copy");
  await eventually(
    () => replicaRecord(page),
    (record) => record?.pending === 1,
  );

  await cdp.send("Storage.clearDataForOrigin", { origin: e2e.baseUrl, storageTypes: "indexeddb" });
  await notice(page).getByText("This device's offline copy was cleared").waitFor({ timeout: 20_000 });
  await notice(page)
    .getByText("1 change waiting to be sent from this device was deleted with it and will not be sent", {
      exact: false,
    })
    .waitFor();

  await context.setOffline(false);
  await notice(page).getByText("This device's offline copy was cleared and fetched again").waitFor({ timeout: 20_000 });
  await workspaceLink(page, "Field sales").waitFor();
  expect(await serverWorkspaceNames()).not.toContain("Lost with the copy");
  await context.close();
});

it("the browser clearing the replica between visits is told on the next; a sign-out's own wipe is not", async () => {
  const context = await e2e.newContext();
  // A blank page of the same profile stays open to clear the app's data while no page of it is.
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  let page = await context.newPage();
  await signUpThroughScreens(page, "evicted-closed@example.com");
  await createWorkspaceThroughScreens(page, "Field sales", e2e);
  await replicaFilled(page);
  await page.close();

  await cdp.send("Storage.clearDataForOrigin", { origin: e2e.baseUrl, storageTypes: "indexeddb" });
  page = await context.newPage();
  await page.goto("/workspaces");
  await notice(page)
    .getByText(/^This device's offline copy was cleared/)
    .waitFor();
  expect(
    await notice(page)
      .getByText(/change/)
      .count(),
  ).toBe(0);
  await workspaceLink(page, "Field sales").waitFor();
  await notice(page).getByText("This device's offline copy was cleared and fetched again").waitFor();

  await page.getByRole("button", { name: /^Account menu of/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/sign_in");
  await signInThroughScreens(page, "evicted-closed@example.com");
  await replicaFilled(page);
  await page.goto("/workspaces");
  await workspaceLink(page, "Field sales").waitFor();
  expect(await notice(page).count()).toBe(0);
  await context.close();
});
