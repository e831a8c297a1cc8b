import type { Page } from "playwright-core";

/**
 * Takes the pages' browser profile offline once the app shell's worker controls each of them.
 * Offline, a modal or tab the user had not opened yet loads its code from the worker's precache,
 * which is whole only once the worker is active: seconds after a first visit on a busy machine.
 * These tests are about what the app does offline afterwards, so they wait for that first.
 */
export async function goOffline(...pages: [Page, ...Page[]]): Promise<void> {
  // A minute, as a flow's own timeout: on a machine running at half speed, precaching the shell
  // took longer than Playwright's default 30 s, with the app working throughout.
  for (const page of pages)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await pages[0].context().setOffline(true);
}
