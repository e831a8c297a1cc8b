// How many candidates each project holds, in all and by stage, kept beside the candidacies in the
// same transaction. Counting an IndexedDB range costs time in proportion to its size (about
// 0.2 s for 20,000 candidates), and a live query is thrown away and run again whenever a write
// lands while it reads: a board that counted on every change showed nothing while moves kept
// arriving. Reading one row per project keeps the board's queries a few milliseconds long.
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from "dexie";

export interface PipelineCountsRow {
  project_id: string;
  all: number;
  /** By stage id; a stage nobody is in is absent. */
  by_stage: Record<string, number>;
  /** By response given (interested, not_interested, follow_up); none given is not counted. */
  by_response: Record<string, number>;
}

export const PIPELINE_COUNTS = "pipeline_counts";

type Placement = Pick<CandidacyRow, "project_id" | "stage_id" | "response">;

/** A project's changes: how many candidacies joined (+) or left (-) each stage and each response. */
export interface CountChange {
  stages: Map<string, number>;
  responses: Map<string, number>;
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/** -1 for where each candidacy was before the write, +1 for where it is after, by project. */
export function countChanges(
  before: readonly (Placement | undefined)[],
  after: readonly (Placement | undefined)[],
): Map<string, CountChange> {
  const changes = new Map<string, CountChange>();
  const add = (placement: Placement | undefined, by: number) => {
    if (!placement) return;
    const change = changes.get(placement.project_id) ?? { stages: new Map(), responses: new Map() };
    bump(change.stages, placement.stage_id, by);
    if (placement.response) bump(change.responses, placement.response, by);
    changes.set(placement.project_id, change);
  };
  for (const placement of before) add(placement, -1);
  for (const placement of after) add(placement, 1);
  // A write that leaves every candidacy where it was changes no count.
  for (const [projectId, change] of changes) {
    if (change.stages.size === 0 && change.responses.size === 0) changes.delete(projectId);
  }
  return changes;
}

function applied(current: Record<string, number> | undefined, changes: ReadonlyMap<string, number>) {
  const counts = { ...(current ?? {}) };
  for (const [key, change] of changes) {
    const next = (counts[key] ?? 0) + change;
    if (next > 0) counts[key] = next;
    else delete counts[key];
  }
  return counts;
}

/** A project's counts with the changes applied; keys falling to zero are dropped. */
export function applyCountChanges(
  projectId: string,
  current: PipelineCountsRow | undefined,
  change: CountChange,
): PipelineCountsRow {
  const byStage = applied(current?.by_stage, change.stages);
  return {
    project_id: projectId,
    all: Object.values(byStage).reduce((sum, count) => sum + count, 0),
    by_stage: byStage,
    by_response: applied(current?.by_response, change.responses),
  };
}

/** Counts made from scratch, one row per project holding anyone. */
export function recountPipelines(candidacies: readonly Placement[]): PipelineCountsRow[] {
  return [...countChanges([], candidacies)].map(([projectId, change]) =>
    applyCountChanges(projectId, undefined, change),
  );
}

/** Where a stored candidacy stands, read from any stored row; undefined for anything else. */
export const placementOf = (value: unknown): Placement | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const { project_id, stage_id, response = null } = value as Partial<Placement>;
  return typeof project_id === "string" && typeof stage_id === "string"
    ? { project_id, stage_id, response }
    : undefined;
};

/**
 * Candidacies a caller has just read in a transaction and is about to write: the middleware takes
 * their placements from here instead of reading them again (sync reads every row it writes, a
 * first sync 20,000 of them). Each is taken once: a second write of the same row in the
 * transaction reads what the first one left.
 */
const readJustNow = new WeakMap<object, Map<string, Placement | undefined>>();

/** `trans` is the IndexedDB transaction (`Dexie.currentTransaction.idbtrans`) the writes will use. */
export function rememberStoredCandidacies(
  trans: object,
  rows: Iterable<readonly [string, Placement | null | undefined]>,
): void {
  const known = readJustNow.get(trans) ?? new Map<string, Placement | undefined>();
  for (const [id, row] of rows) known.set(id, row ?? undefined);
  readJustNow.set(trans, known);
}

/** The stored placements of `keys` when all of them were just read, else null. */
function takeKnown(trans: object, keys: readonly unknown[]): (Placement | undefined)[] | null {
  const known = readJustNow.get(trans);
  if (!known || !keys.every((key) => typeof key === "string" && known.has(key))) return null;
  return keys.map((key) => {
    const placement = known.get(String(key));
    known.delete(String(key));
    return placement;
  });
}

/** The candidacies a write replaces or removes, as stored before it, and what it writes in their place. */
async function placements(table: DBCoreTable, req: DBCoreMutateRequest) {
  const { trans } = req;
  switch (req.type) {
    case "add":
    case "put": {
      const keys = req.keys ?? req.values.map((value: { id?: unknown }) => value.id);
      return { before: takeKnown(trans, keys) ?? (await table.getMany({ trans, keys })), after: req.values };
    }
    case "delete":
      return { before: takeKnown(trans, req.keys) ?? (await table.getMany({ trans, keys: req.keys })), after: [] };
    case "deleteRange": {
      const index = table.schema.primaryKey;
      const { result } = await table.query({ trans, values: true, query: { index, range: req.range } });
      return { before: result, after: [] };
    }
    default: {
      const never: never = req;
      return never;
    }
  }
}

/** A project left with nobody has no row, so the rows' keys are the projects holding candidates. */
async function saveCounts(down: DBCore, trans: DBCoreTransaction, changes: Map<string, CountChange>) {
  if (changes.size === 0) return;
  const counts = down.table(PIPELINE_COUNTS);
  const projectIds = [...changes.keys()];
  const current: (PipelineCountsRow | undefined)[] = await counts.getMany({ trans, keys: projectIds });
  const rows = projectIds.flatMap((projectId, index) => {
    const change = changes.get(projectId);
    return change ? [applyCountChanges(projectId, current[index], change)] : [];
  });
  const kept = rows.filter((row) => row.all > 0);
  const emptied = rows.filter((row) => row.all === 0).map((row) => row.project_id);
  if (kept.length > 0)
    await counts.mutate({ type: "put", trans, values: kept, keys: kept.map((row) => row.project_id) });
  if (emptied.length > 0) await counts.mutate({ type: "delete", trans, keys: emptied });
}

/**
 * Keeps `pipeline_counts` in step with every write to `candidacies`, whichever code makes it: a
 * read-write transaction over candidacies takes in the counts too, so they commit or fail together.
 */
export const pipelineCountsMiddleware: Middleware<DBCore> = {
  stack: "dbcore",
  name: "PipelineCounts",
  create: (down: DBCore) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === "readwrite" && stores.includes("candidacies") && !stores.includes(PIPELINE_COUNTS)
          ? [...stores, PIPELINE_COUNTS]
          : stores,
        mode,
        options,
      ),
    table: (name: string) => {
      const table = down.table(name);
      if (name !== "candidacies") return table;
      return {
        ...table,
        mutate: async (req: DBCoreMutateRequest) => {
          const { before, after } = await placements(table, req);
          const response = await table.mutate(req);
          // A value the store refused was not written: it neither leaves nor joins a stage.
          const written = (index: number) => !(index in response.failures);
          const changes = countChanges(
            before.filter((_, index) => written(index)).map(placementOf),
            after.filter((_, index) => written(index)).map(placementOf),
          );
          await saveCounts(down, req.trans, changes);
          return response;
        },
      };
    },
  }),
};
