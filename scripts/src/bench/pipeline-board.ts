import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { BrowserContext, Page } from "playwright-core";
import type { StageSighting } from "./pipeline-attribution.ts";
import {
  armStageFrameLog,
  installStageFrameLog,
  readStageFrames,
  readStages,
  stagesShow,
  watchStages,
} from "./pipeline-probes.ts";
import type { Candidate, SeededPipeline } from "./pipeline-seed.ts";
import { pageErrors, pause } from "./web-browser.ts";
import { clockOffset } from "./web-remote.ts";

/** The People tab of a project in a page of its own, watching the stage of the candidates given. */
export interface Board {
  page: Page;
  /** The page's uncaught errors and console errors so far. */
  errors: string[];
  /** The page's clock minus ours, and how far that may be off (web-remote.ts's clockOffset). */
  clock: { offset: number; uncertainty: number };
}

/**
 * Opens the board (All, first page) in a profile that holds the project, waits until it shows
 * every watched candidate in `stageName`, lets the page settle as the existing remote figure does
 * (sync live, the service worker's precache fetched), then starts logging their sync frames.
 */
export async function openBoard(
  context: BrowserContext,
  seeded: SeededPipeline,
  watched: Candidate[],
  stageName: string,
): Promise<Board> {
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.addInitScript(installStageFrameLog);
  await page.goto(`/workspaces/${seeded.workspaceId}/project/${seeded.projectId}`);
  await page.evaluate(
    watchStages,
    watched.map((candidate) => candidate.personId),
  );
  const labels = watched.map(() => stageName);
  await page.waitForFunction(stagesShow, { labels, since: [] }, { timeout: 60_000, polling: 100 }).catch(async () => {
    const seen = JSON.stringify((await page.evaluate(readStages)).slice(-20));
    throw new Error(`the board did not show its first page: ${seen}; page errors: ${errors.join(" / ")}`);
  });
  await pause(2000);
  const clock = await clockOffset(page);
  await page.evaluate(
    armStageFrameLog,
    watched.map((candidate) => candidate.candidacyId),
  );
  return { page, errors, clock };
}

/**
 * Waits up to `timeoutMs` for the board to show `labels` (one per watched candidate), each since
 * `since` (our clock) or later; the time it took, or null if it never did.
 */
export async function waitForBoard(
  board: Board,
  expected: { labels: string[]; since: number[] },
  timeoutMs: number,
): Promise<number | null> {
  const started = performance.now();
  const since = expected.since.map((at) => at + board.clock.offset);
  return board.page
    .waitForFunction(stagesShow, { labels: expected.labels, since }, { timeout: timeoutMs, polling: 100 })
    .then(() => performance.now() - started)
    .catch(() => null);
}

/** What the board's dropdowns showed, and what its socket received, as stage positions at our clock. */
export async function readSightings(
  board: Board,
  stages: WorkflowStage[],
): Promise<{ shown: StageSighting[]; framed: StageSighting[] }> {
  const byName = new Map(stages.map((stage, index) => [stage.name, index]));
  const byId = new Map(stages.map((stage, index) => [stage.id, index]));
  const sighting = (candidate: number, stage: number | undefined, at: number): StageSighting[] =>
    stage === undefined ? [] : [{ candidate, stage, at: at - board.clock.offset }];
  const shown = (await board.page.evaluate(readStages)).flatMap((entry) =>
    sighting(entry.candidate, byName.get(entry.label), entry.at),
  );
  const framed = (await board.page.evaluate(readStageFrames)).flatMap((entry) =>
    sighting(entry.candidate, byId.get(entry.stageId), entry.at),
  );
  return { shown, framed };
}
