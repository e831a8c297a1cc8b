import type { Page } from "playwright-core";

/**
 * Takes the pages' browser profile offline once the app shell's worker controls each of them.
 * Offline, a modal or tab the user had not opened yet loads its code from the worker's precache,
 * which is whole only once the worker is active: seconds after a first visit on a busy machine.
 * These tests are about what the app does offline afterwards, so they wait for that first.
 */
export async function goOffline(...pages: [Page, ...Page[]]): Promise<void> {
  for (const page of pages) await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await pages[0].context().setOffline(true);
}
