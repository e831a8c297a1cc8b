import type pg from "pg";
import { storeCredentials } from "./browser/first-sync-probes.ts";
import { nothingPending, switchStates, type ToggleTimes, toggleSwitch } from "./browser/toggle-probes.ts";
import { credentialsOf, firstPage, freshProfile, pause } from "./web-browser.ts";
import type { SeededUser } from "./web-seed.ts";

export interface ToggleResult {
  samples: ToggleTimes[];
  warmUp: number;
  workspaces: number;
  /** Every Pending mark cleared: the server accepted every toggle and synced it back. */
  settled: boolean;
  /** Switches whose final state differs from the server's read model. */
  mismatches: number;
}

/**
 * Figure 3: Visible switches clicked on /workspaces, round-robin over the user's workspaces, each
 * click timed in the page. Every click is a real write: outbox, optimistic row, flush, echo.
 */
export async function measureToggles(
  profile: string,
  baseUrl: string,
  pool: pg.Pool,
  user: SeededUser,
  toggles: number,
): Promise<ToggleResult> {
  const warmUp = 5;
  const context = await freshProfile(profile, baseUrl, "allow");
  try {
    const page = await firstPage(context);
    await page.addInitScript(storeCredentials, credentialsOf(user.session));
    await page.goto("/workspaces");
    const { rows } = await pool.query<{ id: string; name: string }>(
      "select id, name from read.workspaces where id = any($1::uuid[]) order by name",
      [user.workspaceIds],
    );
    const labels = rows.map((row) => `Visible: ${row.name}`);
    for (const label of labels) await page.getByLabel(label, { exact: true }).waitFor({ timeout: 30_000 });
    // First load settles: sync ready, the service worker's precache fetched.
    await pause(2000);

    const samples: ToggleTimes[] = [];
    for (let index = 0; index < warmUp + toggles; index++) {
      const label = labels[index % labels.length];
      if (!label) throw new Error("no workspace to toggle");
      const times = await page.evaluate(toggleSwitch, label);
      if (index >= warmUp) samples.push(times);
      await pause(50);
    }

    const settled = await page
      .waitForFunction(nothingPending, undefined, { timeout: 30_000, polling: 100 })
      .then(() => true)
      .catch(() => false);
    const shown = await page.evaluate(switchStates, labels);
    const { rows: server } = await pool.query<{ name: string; visible: boolean }>(
      "select name, visible from read.workspaces where id = any($1::uuid[]) order by name",
      [user.workspaceIds],
    );
    const mismatches = server.filter((row, index) => shown[index] !== String(row.visible)).length;
    return { samples, warmUp, workspaces: labels.length, settled, mismatches };
  } finally {
    await context.close();
  }
}
