import type { Page } from "playwright-core";
import { storeCredentials } from "./browser/first-sync-probes.ts";
import {
  installRemoteFrameLog,
  pageClock,
  type RemoteNameSeen,
  readRemoteCommits,
  readRemoteFrames,
  readRemoteNames,
  remoteNamesReached,
  watchRemoteNames,
} from "./browser/remote-name-probes.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import { credentialsOf, firstPage, freshProfile, pause } from "./web-browser.ts";
import { nodeClock, type Rename, rename, sendPaced } from "./web-remote-sender.ts";
import type { SeededUser } from "./web-seed.ts";

export interface RemoteCommandResult {
  commands: number;
  perSecond: number;
  /** Send to the screen showing it (or a later rename of the same workspace), ms. */
  latencies: number[];
  /** Send to the sync frame carrying it reaching the page's JavaScript, ms. */
  frameLatencies: number[];
  /** Send to the replica's transaction writing it (or a later rename) completing, ms. */
  commitLatencies: number[];
  /** Send to the API's answer, ms. */
  answerLatencies: number[];
  /** Non-2xx answers and network errors. */
  failed: number;
  /** Answers by status, e.g. "200×1990, 409×10" (0: network error). */
  statuses: string;
  /** Accepted commands whose name (or a later one) never reached the screen. */
  unseen: number;
  /** How far the page's clock may be off after correcting it (half the best round trip), ms. */
  clockUncertaintyMs: number;
  workspaces: number;
}

const PREFIX = "Remote";
const nameOf = (workspace: number, counter: number) => `${PREFIX} ${String(workspace).padStart(2, "0")} #${counter}`;

/**
 * The page's clock minus ours, from the round trip with the smallest delay (as NTP does): both
 * read the same system clock, but through different processes' time origins.
 */
export async function clockOffset(page: Page): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Number.POSITIVE_INFINITY };
  for (let sample = 0; sample < 20; sample++) {
    const before = nodeClock();
    const there = await page.evaluate(pageClock);
    const after = nodeClock();
    if ((after - before) / 2 < best.uncertainty)
      best = { offset: there - (before + after) / 2, uncertainty: (after - before) / 2 };
  }
  return best;
}

/** The first record showing `counter` (or a later one) of `workspace`. */
function firstShowing(seen: RemoteNameSeen[], workspace: number, counter: number): RemoteNameSeen | undefined {
  return seen.find((entry) => entry.workspace === workspace && entry.counter >= counter);
}

/**
 * Commands to another browser's screen: renames sent over HTTP at a steady rate, one writer per
 * workspace, while a fresh profile of the same user shows /workspaces (every workspace on its
 * first page; names sort by workspace, so rows never move). Each name carries a counter; the page
 * records when each counter reaches its socket and its screen. The path: API → event store →
 * projector → NOTIFY → sync hub → WebSocket → the replica's transaction → live query → React.
 */
export async function measureRemoteCommands(
  profile: string,
  baseUrl: string,
  user: SeededUser,
  options: { perSecond: number; durationMs: number },
): Promise<RemoteCommandResult> {
  const ids = user.workspaceIds;
  const first = await Promise.all(
    ids.map((id, index) => rename(baseUrl, user.session, { id, name: nameOf(index, 0) })),
  );
  if (!first.every((status) => status === 200)) throw new Error(`the first renames failed: ${first.join(", ")}`);
  const context = await freshProfile(profile, baseUrl, "allow");
  try {
    const page = await firstPage(context);
    await page.addInitScript(storeCredentials, credentialsOf(user.session));
    await page.addInitScript(installRemoteFrameLog, PREFIX);
    await page.goto("/workspaces");
    for (const index of ids.keys())
      await page.getByRole("link", { name: nameOf(index, 0), exact: true }).waitFor({ timeout: 30_000 });
    // First load settles: sync live, the service worker's precache fetched.
    await pause(2000);
    const clock = await clockOffset(page);
    await page.evaluate(watchRemoteNames, PREFIX);
    const profiler = await profileIfAsked(page, "remote");

    const total = Math.round((options.perSecond * options.durationMs) / 1000);
    const commands: Rename[] = Array.from({ length: total }, (_, index) => ({
      id: ids[index % ids.length] ?? "",
      name: nameOf(index % ids.length, Math.floor(index / ids.length) + 1),
    }));
    const { sent, seconds } = await sendPaced(commands, (command) => rename(baseUrl, user.session, command), {
      perSecond: options.perSecond,
      writers: ids.length,
    });
    const finals = ids.map((_, workspace) => Math.floor((total - 1 - workspace) / ids.length) + 1);
    await page.waitForFunction(remoteNamesReached, finals, { timeout: 15_000, polling: 100 }).catch(() => undefined);
    if (profiler) for (const line of await profiler.stop()) console.log(`  ${line}`);
    const seen = await page.evaluate(readRemoteNames);
    const frames = await page.evaluate(readRemoteFrames);
    const commits = await page.evaluate(readRemoteCommits);

    const result: RemoteCommandResult = {
      commands: total,
      perSecond: total / seconds,
      latencies: [],
      frameLatencies: [],
      commitLatencies: [],
      answerLatencies: sent.map((command) => command.answerMs),
      failed: 0,
      statuses: "",
      unseen: 0,
      clockUncertaintyMs: clock.uncertainty,
      workspaces: ids.length,
    };
    const counts = new Map<number, number>();
    for (const [index, command] of sent.entries()) {
      counts.set(command.status, (counts.get(command.status) ?? 0) + 1);
      if (command.status !== 200) {
        result.failed++;
        continue;
      }
      const workspace = index % ids.length;
      const counter = Math.floor(index / ids.length) + 1;
      const shown = firstShowing(seen, workspace, counter);
      if (!shown) {
        result.unseen++;
        continue;
      }
      result.latencies.push(shown.at - clock.offset - command.sentAt);
      const framed = firstShowing(frames, workspace, counter);
      if (framed) result.frameLatencies.push(framed.at - clock.offset - command.sentAt);
      const committed = firstShowing(commits, workspace, counter);
      if (committed) result.commitLatencies.push(committed.at - clock.offset - command.sentAt);
    }
    result.statuses = [...counts].map(([status, count]) => `${status}×${count}`).join(", ");
    return result;
  } finally {
    await context.close();
  }
}
