import { PAGE_SIZE_DEFAULT } from "@hirestream/web/constants.ts";
import type { BrowserContext } from "playwright-core";
import { type Attribution, attributeSightings, frameArrivals, type SentMove } from "./pipeline-attribution.ts";
import { openBoard, readSightings, waitForBoard } from "./pipeline-board.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import type { Candidate, SeededPipeline } from "./pipeline-seed.ts";
import { type Move, moveCandidate, nodeClock, sendPaced } from "./web-remote-sender.ts";

export interface BoardMovesResult {
  /** Moves sent before the measured ones, untimed, to candidates the board does not watch. */
  warmUp: { commands: number; seconds: number };
  commands: number;
  perSecond: number;
  writers: number;
  /** Candidates whose rows the board shows, whose moves are timed. */
  onScreen: number;
  /** Send to the row's stage dropdown showing it, per accepted move of an on-screen candidate. */
  screen: Attribution;
  /** How often a watched row's stage changed on screen while the moves were sent, and after the last answer. */
  screenChanges: { whileSending: number; after: number };
  /** Send to the sync frame carrying it reaching the page's JavaScript, ms, per move whose frame came. */
  frameLatencies: number[];
  /** Send to the API's answer, ms, every move. */
  answerLatencies: number[];
  failed: number;
  /** Answers by status, e.g. "200×1990, 409×10" (0: network error). */
  statuses: string;
  clockUncertaintyMs: number;
  /** The last answer to the board showing every last move, ms; null when it had not after SETTLE_TIMEOUT_MS. */
  settledAfterMs: number | null;
  /** The board page's uncaught errors and console errors. */
  pageErrors: string[];
}

/** Generous: a board that falls behind shows its backlog late, and that lateness is the figure. */
const SETTLE_TIMEOUT_MS = 60_000;

export interface BoardMovesOptions {
  perSecond: number;
  durationMs: number;
  /**
   * The same moves at the same rate for this long first, untimed, on the candidates off the board:
   * the figure is a running server's, not one whose connection pool and compiled code are cold.
   */
  warmUpMs: number;
  /** One writer per candidate: the first page's, and others elsewhere in the project. */
  writers: number;
}

/** The candidates moved: the board's first page (the first by candidacy id), then others spread over the project. */
function movedCandidates(candidates: Candidate[], writers: number): Candidate[] {
  const onScreen = candidates.slice(0, PAGE_SIZE_DEFAULT);
  const others = writers - onScreen.length;
  const rest = candidates.length - onScreen.length;
  const offScreen = Array.from(
    { length: others },
    (_, index) => candidates[onScreen.length + Math.floor((index * rest) / others)],
  );
  const moved = [...onScreen, ...offScreen].filter((candidate) => candidate !== undefined);
  if (moved.length !== writers) throw new Error(`${writers} writers need ${writers} candidates`);
  return moved;
}

/**
 * Moves to another browser's board: stage moves sent over HTTP at a steady rate, one writer per
 * candidate, as web-remote.ts sends renames, while a profile that already holds the project shows
 * its People tab (All, first page). The first page's candidates are moved, each to the next stage
 * of the workflow in turn (after the first), and the page records when each row's stage dropdown changes; the other
 * writers move candidates off the page, whose moves the board applies (its counts and page are
 * read again) but cannot show. The path: API → event store → projector → NOTIFY → sync hub →
 * WebSocket → the replica's transaction → live queries over the project's candidacies → React.
 */
export async function measureBoardMoves(
  context: BrowserContext,
  seeded: SeededPipeline,
  baseUrl: string,
  options: BoardMovesOptions,
): Promise<BoardMovesResult> {
  const { stages } = seeded;
  const moved = movedCandidates(seeded.candidates, options.writers);
  const onScreen = moved.slice(0, PAGE_SIZE_DEFAULT);
  // A candidate's n-th move goes to stage n, cycling over every stage but the first: each move
  // changes what the row says, and the last one leaves it saying something else than at the start,
  // so a board that shows nothing until the moves stop cannot pass for one that kept up.
  const stageOf = (counter: number) => 1 + ((counter - 1) % (stages.length - 1));
  const counterOf = (index: number) => Math.floor(index / moved.length) + 1;
  const board = await openBoard(context, seeded, onScreen, stages[0]?.name ?? "?");
  try {
    const total = Math.round((options.perSecond * options.durationMs) / 1000);
    const commands: Move[] = Array.from({ length: total }, (_, index) => ({
      projectId: seeded.projectId,
      candidacyId: moved[index % moved.length]?.candidacyId ?? "",
      stageId: stages[stageOf(counterOf(index))]?.id ?? "",
    }));
    const offScreen = moved.slice(onScreen.length);
    const warmUpCommands: Move[] = Array.from(
      { length: Math.round((options.perSecond * options.warmUpMs) / 1000) },
      (_, index) => ({
        projectId: seeded.projectId,
        candidacyId: offScreen[index % offScreen.length]?.candidacyId ?? "",
        stageId: stages[stageOf(Math.floor(index / offScreen.length) + 1)]?.id ?? "",
      }),
    );
    const warmUp = await sendPaced(warmUpCommands, (move) => moveCandidate(baseUrl, seeded.session, move), {
      perSecond: options.perSecond,
      writers: offScreen.length,
    });
    // The board's main thread while the timed moves arrive, when BENCH_CPU_PROFILE asks for it.
    const profiler = await profileIfAsked(board.page, "moves");
    const sendingFrom = nodeClock();
    const { sent, seconds } = await sendPaced(commands, (move) => moveCandidate(baseUrl, seeded.session, move), {
      perSecond: options.perSecond,
      writers: moved.length,
    });
    const sendingUntil = nodeClock();
    if (profiler) for (const line of await profiler.stop()) console.log(`  moves: ${line}`);

    const accepted: SentMove[] = [];
    const finals = onScreen.map(() => 0);
    const lastSent = onScreen.map(() => 0);
    for (const [index, command] of sent.entries()) {
      const candidate = index % moved.length;
      if (command.status !== 200 || candidate >= onScreen.length) continue;
      accepted.push({ candidate, stage: stageOf(counterOf(index)), sentAt: command.sentAt });
      finals[candidate] = stageOf(counterOf(index));
      lastSent[candidate] = command.sentAt;
    }
    const labels = finals.map((stage) => stages[stage]?.name ?? "?");
    const settledAfterMs = await waitForBoard(board, { labels, since: lastSent }, SETTLE_TIMEOUT_MS);
    const { shown, framed } = await readSightings(board, stages);
    const arrivals = frameArrivals(accepted, framed);

    const counts = new Map<number, number>();
    for (const { status } of sent) counts.set(status, (counts.get(status) ?? 0) + 1);
    return {
      warmUp: { commands: warmUpCommands.length, seconds: warmUp.seconds },
      commands: total,
      perSecond: total / seconds,
      writers: moved.length,
      onScreen: onScreen.length,
      screen: attributeSightings(accepted, shown, arrivals),
      screenChanges: {
        whileSending: shown.filter((seen) => seen.at > sendingFrom && seen.at <= sendingUntil).length,
        after: shown.filter((seen) => seen.at > sendingUntil).length,
      },
      frameLatencies: accepted.flatMap((move, index) => {
        const at = arrivals[index];
        return at === undefined ? [] : [at - move.sentAt];
      }),
      answerLatencies: sent.map((command) => command.answerMs),
      failed: sent.filter((command) => command.status !== 200).length,
      statuses: [...counts].map(([status, count]) => `${status}×${count}`).join(", "),
      clockUncertaintyMs: board.clock.uncertainty,
      settledAfterMs,
      pageErrors: board.errors,
    };
  } finally {
    await board.page.close();
  }
}
