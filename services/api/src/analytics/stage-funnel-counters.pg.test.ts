import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { projectCreated } from "@hirestream/domain/analytics/testing/project-events.ts";
import { workflowCreated, workflowStage } from "@hirestream/domain/analytics/testing/workflow-events.ts";
import { workspaceCreated } from "@hirestream/domain/analytics/testing/workspace-events.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import type { Projection } from "@hirestream/projector/projection.ts";
import { allProjections } from "@hirestream/projector/read-models/all.ts";
import { rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import fc from "fast-check";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { expect, inject, it, vi } from "vitest";
import type { Database } from "../database.ts";
import { periodStageFunnel, stageFunnel } from "./reports-query.ts";

// The whole log's funnel, read from the counters the projector keeps, is the funnel the facts give,
// for random histories: several projects, candidacies that come back to stages, stages reordered
// after people moved through them, and any split of the log into the projector's batches.

interface OpenDatabase {
  db: Kysely<Database>;
  projectorDb: Kysely<unknown>;
  store: PostgresEventStore;
}

/** A database of its own for each history, so that each is rebuilt, and shrunk, in the same time. */
async function withDatabase<T>(use: (opened: OpenDatabase) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 2 });
  try {
    return await use({
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      projectorDb: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }),
      store: new PostgresEventStore({ pool }),
    });
  } finally {
    await pool.end();
  }
}

/** One step of a history: what it does is read from three draws. */
const step = fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99));

interface Project {
  projectId: string;
  workflowId: string;
  stages: WorkflowStage[];
  /** Candidacies not removed, and the stage each is in. */
  candidacies: Map<string, string>;
}

/** Appends a workspace's history made of `steps`; answers its id. */
async function appendHistory(
  store: PostgresEventStore,
  projectCount: number,
  stageCount: number,
  steps: [number, number, number][],
) {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  let minute = 0;
  const append = async (streamId: string, events: DomainEvent[]) => {
    const at = new Date(Date.UTC(2026, 9, 1) + minute++ * 60_000).toISOString();
    await appendEvents(store, streamId, events, { occurredAt: at, actor: userId });
    return at;
  };
  await append(`workspace-${workspaceId}`, [workspaceCreated({ workspaceId, name: "Acme", ownerId: userId })]);
  const projects: Project[] = [];
  for (let p = 0; p < projectCount; p++) {
    const project: Project = {
      projectId: randomUUID(),
      workflowId: randomUUID(),
      stages: Array.from({ length: stageCount }, (_, position) =>
        workflowStage({ id: randomUUID(), name: `Stage ${position}`, position }),
      ),
      candidacies: new Map(),
    };
    const { projectId, workflowId, stages } = project;
    await append(`project-${projectId}`, [
      projectCreated({ projectId, workspaceId, userId, name: `Project ${p}` }),
      { type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId, templateId: workflowId } },
    ]);
    await append(`workflow-${workflowId}`, [
      workflowCreated({ workflowId, workspaceId, userId, name: "Flow", stages, projectId }),
    ]);
    projects.push(project);
  }
  for (const [kind, which, where] of steps) {
    const project = projects[which % projects.length];
    if (!project) continue;
    const { projectId, stages, candidacies } = project;
    const live = [...candidacies.keys()];
    const candidacyId = live[which % Math.max(1, live.length)];
    const stageId = stages[where % stages.length]?.id ?? "";
    const about = { projectId, workspaceId };
    if (kind < 20 || !candidacyId) {
      const id = randomUUID();
      const at = new Date(Date.UTC(2026, 9, 1) + minute * 60_000).toISOString();
      await append(`candidacy-${id}`, [
        {
          type: "CandidacyAdded",
          data: { ...about, candidacyId: id, personId: randomUUID(), stageId, stageName: "", at },
        },
      ]);
      candidacies.set(id, stageId);
    } else if (kind < 85) {
      const fromStageId = candidacies.get(candidacyId) ?? "";
      const next = stageId === fromStageId ? (stages[(where + 1) % stages.length]?.id ?? "") : stageId;
      const at = new Date(Date.UTC(2026, 9, 1) + minute * 60_000).toISOString();
      await append(`candidacy-${candidacyId}`, [
        { type: "CandidacyMoved", data: { ...about, candidacyId, fromStageId, toStageId: next, toStageName: "", at } },
      ]);
      candidacies.set(candidacyId, next);
    } else if (kind < 90) {
      const at = new Date(Date.UTC(2026, 9, 1) + minute * 60_000).toISOString();
      await append(`candidacy-${candidacyId}`, [{ type: "CandidacyRemoved", data: { ...about, candidacyId, at } }]);
      candidacies.delete(candidacyId);
    } else {
      // A new order: rotated, and reversed on odd draws.
      const rotated = [...stages.slice(where % stages.length), ...stages.slice(0, where % stages.length)];
      const order = where % 2 === 1 ? rotated.reverse() : rotated;
      project.stages = order.map((stage, position) => ({ ...stage, position }));
      await append(`workflow-${project.workflowId}`, [
        {
          type: "WorkflowStagesChanged",
          data: { workflowId: project.workflowId, workspaceId, stages: project.stages },
        },
      ]);
    }
  }
  return { workspaceId, projectIds: projects.map((project) => project.projectId) };
}

const wholeLog = { from: null, to: null };

/** The read models with the Reports' facts failing on the event at `bad`. */
const failingAt = (bad: number): Projection<{ id: string }>[] =>
  allProjections.map((projection) =>
    projection.table !== "analytics_facts"
      ? projection
      : {
          ...projection,
          apply(rows, event, context) {
            if (context.position === bad) throw new Error("a fact it cannot make");
            projection.apply(rows, event, context);
          },
        },
  );

/**
 * Every event appended. Readers stop below the oldest transaction that may still write here, and
 * one of another test's database can count for a moment (its backend not yet listed): a read then
 * gives a prefix of the log, and a failure meant for a later event would never happen. The last
 * position is read from the table itself, past that boundary (the store's head stops at it too).
 */
async function everyEvent(db: Kysely<unknown>, store: PostgresEventStore) {
  const { rows } = await sql<{ head: string }>`select max(global_position) as head from events`.execute(db);
  const head = Number(rows[0]?.head ?? 0);
  return vi.waitUntil(
    async () => {
      const events = await store.readAll({ after: 0, limit: 100_000 });
      return events.at(-1)?.position === head ? events : false;
    },
    { timeout: 30_000, interval: 20 },
  );
}

/**
 * Rebuilds the read models `batchSize` events at a time; with `failAt`, the Reports' facts first
 * stop at one of the candidacies' events (after the batch is undone and walked event by event), and
 * the rebuild is run again and resumes them from there.
 */
async function rebuild(db: Kysely<unknown>, store: PostgresEventStore, batchSize: number, failAt: number | null) {
  if (failAt !== null) {
    const events = await everyEvent(db, store);
    const candidacies = events.filter((event) => event.type.startsWith("Candidacy"));
    const bad = candidacies[failAt % candidacies.length]?.position ?? 0;
    const stopped: number[] = [];
    await expect(
      rebuildReadModels({
        db,
        store,
        batchSize,
        projections: failingAt(bad),
        onStopped: ({ position }) => stopped.push(position),
      }),
    ).rejects.toThrow("a fact it cannot make");
    expect(stopped).toEqual([bad]);
  }
  await rebuildReadModels({ db, store, batchSize });
}

it("counts the whole log's funnel as the facts do, for random histories split into random batches, resumed or not after a failure", async () => {
  let converted = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 2, max: 4 }),
      fc.array(step, { minLength: 5, maxLength: 60 }),
      fc.integer({ min: 1, max: 12 }),
      fc.option(fc.nat(), { nil: null }),
      (projectCount, stageCount, steps, batchSize, failAt) =>
        withDatabase(async ({ db, projectorDb, store }) => {
          const { workspaceId, projectIds } = await appendHistory(store, projectCount, stageCount, steps);
          await rebuild(projectorDb, store, batchSize, failAt);
          for (const projectId of [null, ...projectIds]) {
            const scope = { workspaceId, projectId, period: wholeLog };
            const fromCounters = await stageFunnel({ db }, scope);
            const fromFacts = await periodStageFunnel({ db }, scope);
            expect(fromCounters).toEqual(fromFacts);
            converted += fromCounters.reduce((sum, row) => sum + (row.converted_to_next ?? 0), 0);
          }
        }),
    ),
    { numRuns: 25 },
  );
  // Not vacuous: people went on to next stages.
  expect(converted).toBeGreaterThan(0);
}, 300_000);
