import { expect, test } from "vitest";
import { drainPile, LIVE_SLICE_ROWS, TOGETHER_ROWS } from "./drain-pile.ts";
import type { ChangesMessage, ParsedServerMessage, SnapshotMessage, SyncStep } from "./server-message.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";
const ids = (count: number, from = 0) => Array.from({ length: count }, (_, n) => `p${from + n}`);
const part = (n: number, rowIds: string[], last = false): SnapshotMessage => ({
  type: "snapshot",
  scope,
  position: 30,
  part: n,
  last,
  rows: rowIds.map((id) => ({ entity: "person", id, data: { id } })),
});
const change = (id: string, position: number): ChangesMessage => ({
  type: "changes",
  cursor: position,
  rows: [{ position, scope, entity: "person", id, op: "put", data: { id, first_name: "New" } }],
});

/** A drain over scripted arrivals: each `take` hands out the next batch. */
async function drain(arrivals: ParsedServerMessage[][], live: boolean) {
  const applied: SyncStep[] = [];
  /** The parts answered after each step applied, in order. */
  const answers: number[] = [];
  await drainPile({
    take: () => arrivals.shift() ?? [],
    live: () => live,
    apply: async (message) => {
      applied.push(message);
    },
    answer: (parts) => {
      answers.push(parts);
    },
  });
  return { applied, answers };
}
const partShape = (message: SnapshotMessage) =>
  `part ${message.part}${message.last ? " last" : ""}: ${message.rows.length}`;
const shape = (step: SyncStep) =>
  step.type === "snapshots"
    ? step.parts.map(partShape).join(" + ")
    : step.type === "changes"
      ? `changes ${step.cursor}`
      : step.type;
const partsOf = (steps: SyncStep[]) => steps.flatMap((step) => (step.type === "snapshots" ? step.parts : []));

test("while changes arrive, writes a big part in slices and applies a change received meanwhile between two of them", async () => {
  const rows = ids(3 * LIVE_SLICE_ROWS);
  const late = rows[2 * LIVE_SLICE_ROWS + 1] ?? "";
  const { applied, answers } = await drain([[part(1, rows, true)], [change(late, 31)]], true);
  expect(applied.map(shape)).toEqual([
    `part 1: ${LIVE_SLICE_ROWS}`,
    "changes 31",
    `part 1: ${LIVE_SLICE_ROWS}`,
    `part 1 last: ${LIVE_SLICE_ROWS - 1}`,
  ]);
  // The rest of the part no longer holds the row the change brought.
  const rest = partsOf(applied.slice(2)).flatMap((message) => message.rows);
  expect(rest.map((row) => row.id)).not.toContain(late);
  // The part is answered once its last slice is in.
  expect(answers).toEqual([0, 0, 0, 1]);
});

test("a part 0 sliced replaces the scope's rows with its first slice only", async () => {
  const { applied } = await drain([[part(0, ids(LIVE_SLICE_ROWS + 1))]], true);
  expect(applied.map(shape)).toEqual([`part 0: ${LIVE_SLICE_ROWS}`, "part 1: 1"]);
});

test("with no change lately, writes parts whole, joined", async () => {
  const { applied, answers } = await drain([[part(1, ids(3 * LIVE_SLICE_ROWS)), part(2, ids(10, 900), true)]], false);
  expect(applied.map(shape)).toEqual([`part 1: ${3 * LIVE_SLICE_ROWS} + part 2 last: 10`]);
  expect(answers).toEqual([2]);
});

test("while changes arrive, slices parts joined in a pile across their bounds, a part cut short not yet holding its few rows", async () => {
  const other = "ws:00000000-0000-4000-8000-0000000000a2";
  const small = { ...part(1, ids(LIVE_SLICE_ROWS - 10)), scope: other };
  const { applied, answers } = await drain([[small, part(2, ids(LIVE_SLICE_ROWS, 500), true)]], true);
  expect(applied.map(shape)).toEqual([
    `part 1: ${LIVE_SLICE_ROWS - 10} + part 2: 10`,
    `part 2 last: ${LIVE_SLICE_ROWS - 10}`,
  ]);
  const cutShort = partsOf(applied.slice(0, 1)).at(-1);
  expect(cutShort?.more).toBe(true);
  expect(partsOf(applied.slice(1))[0]?.more).toBeUndefined();
  expect(answers).toEqual([1, 1]);
});

test("answers a step's parts once they are in, before the next step is written", async () => {
  const arrivals: ParsedServerMessage[][] = [[part(1, ids(10))], [part(2, ids(10, 500), true)]];
  const log: string[] = [];
  await drainPile({
    take: () => arrivals.shift() ?? [],
    live: () => false,
    apply: async (step) => {
      log.push(shape(step));
    },
    answer: (parts) => {
      log.push(`answer ${parts}`);
    },
  });
  expect(log).toEqual(["part 1: 10", "answer 1", "part 2 last: 10", "answer 1"]);
});

test("parts wait until a screen's query lets them go, and changes that arrived meanwhile go before them", async () => {
  const arrivals: ParsedServerMessage[][] = [[part(1, ids(10), true)]];
  const log: string[] = [];
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const drained = drainPile({
    take: () => arrivals.shift() ?? [],
    live: () => false,
    apply: async (step) => {
      log.push(shape(step));
    },
    answer: (parts) => {
      log.push(`answer ${parts}`);
    },
    makeWay: () => held,
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(log).toEqual([]);
  arrivals.push([change("p99", 31)]);
  letGo();
  await drained;
  expect(log).toEqual(["changes 31", "answer 0", "part 1 last: 10", "answer 1"]);
});

/** A drain whose source takes small steps together: each transaction is logged as its steps' shapes. */
async function drainTogether(arrivals: ParsedServerMessage[][], live: boolean) {
  const transactions: string[][] = [];
  const answers: number[] = [];
  await drainPile({
    take: () => arrivals.shift() ?? [],
    live: () => live,
    apply: async (step) => {
      transactions.push([shape(step)]);
    },
    applyTogether: async (steps) => {
      transactions.push(steps.map(shape));
    },
    answer: (parts) => {
      answers.push(parts);
    },
  });
  return { transactions, answers };
}

const syncing: ParsedServerMessage = { type: "syncing", scopes: [scope] };
const ready: ParsedServerMessage = { type: "ready", cursor: 40, scopes: [scope] };

test("a fresh replica's first steps that came together (syncing, few rows, changes, first rows) go in one transaction", async () => {
  const { transactions, answers } = await drainTogether(
    [[syncing, part(0, ids(3)), change("p0", 31), part(1, ids(100, 10)), ready]],
    false,
  );
  // The change goes ahead of the part after it (changes-first.ts), not of the scope's part 0.
  expect(transactions).toEqual([["syncing", "part 0: 3", "changes 31", "part 1: 100"], ["ready"]]);
  expect(answers).toEqual([2, 0]);
});

test("steps go together only while their rows fit one transaction's share, and a bigger part goes alone", async () => {
  const { transactions } = await drainTogether(
    [[syncing, part(0, ids(10))], [part(1, ids(TOGETHER_ROWS, 100))], [change("p5", 32), change("p6", 33)]],
    false,
  );
  expect(transactions).toEqual([
    ["syncing", "part 0: 10"],
    [`part 1: ${TOGETHER_ROWS}`],
    // Changes that arrive together are already one step.
    ["changes 33"],
  ]);
});

test("a syncing goes in with the part after it, however many rows it holds, but not while changes arrive", async () => {
  const big = part(0, ids(TOGETHER_ROWS + 2));
  const { transactions } = await drainTogether([[syncing, big, part(1, ids(1, 5000))]], false);
  expect(transactions).toEqual([["syncing", `part 0: ${TOGETHER_ROWS + 2} + part 1: 1`]]);
  const { transactions: live } = await drainTogether([[syncing, part(0, ids(LIVE_SLICE_ROWS + 1))]], true);
  expect(live).toEqual([["syncing"], [`part 0: ${LIVE_SLICE_ROWS}`], ["part 1: 1"]]);
});

test("while changes arrive, steps go together only up to a live slice of rows", async () => {
  const small = part(1, ids(LIVE_SLICE_ROWS - 1));
  const { transactions } = await drainTogether([[change("p0", 31), small]], true);
  expect(transactions).toEqual([["changes 31", `part 1: ${LIVE_SLICE_ROWS - 1}`]]);
  const { transactions: split } = await drainTogether([[change("p0", 31), part(1, ids(LIVE_SLICE_ROWS))]], true);
  expect(split).toEqual([["changes 31"], [`part 1: ${LIVE_SLICE_ROWS}`]]);
});
