import { randomUUID } from "node:crypto";
import { candidacyStream } from "@hirestream/api/candidacies/candidacy-commands.ts";
import { personStream } from "@hirestream/api/people/person-commands.ts";
import { projectStream } from "@hirestream/api/projects/project-commands.ts";
import { checkpointOf } from "@hirestream/api/sync/change-feed.ts";
import { workflowStream } from "@hirestream/api/workflows/workflow-commands.ts";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import { samplePerson } from "./people-import-sample.ts";
import { command, inTransaction } from "./projection-history.ts";
import { pause } from "./web-browser.ts";
import { type SeededUser, seedUser } from "./web-seed.ts";

/** A hiring workflow of the usual length: every move changes what the row's stage dropdown says. */
const STAGE_NAMES = ["Sourced", "Contacted", "Replied", "Screening", "Interview", "Offer", "Hired", "Rejected"];
/** Streams per transaction: one event each, and a transaction holds at most 4,096 positions. */
const STREAMS_PER_TRANSACTION = 2000;
const CONCURRENCY = 4;

export interface Candidate {
  personId: string;
  candidacyId: string;
}

export interface SeededPipeline extends SeededUser {
  workspaceId: string;
  projectId: string;
  /** The project's workflow copy, in position order; everyone starts in the first. */
  stages: WorkflowStage[];
  /** In the People tab's order (all added at once: highest candidacy id first), so the first page is the first ten. */
  candidates: Candidate[];
}

/** `count` new streams of one command each, appended `STREAMS_PER_TRANSACTION` to a transaction, `CONCURRENCY` transactions at a time. */
export async function appendStreams(
  pool: pg.Pool,
  store: PostgresEventStore,
  count: number,
  actor: string,
  streamOf: (index: number) => { streamId: string; events: DomainEvent[] },
): Promise<void> {
  let next = 0;
  const at = Date.now();
  const worker = async () => {
    for (;;) {
      const first = next;
      next += STREAMS_PER_TRANSACTION;
      if (first >= count) return;
      await inTransaction(pool, async (client) => {
        for (let index = first; index < Math.min(count, first + STREAMS_PER_TRANSACTION); index++) {
          const { streamId, events } = streamOf(index);
          await store.appendWith(client, streamId, command(events, actor, at), { expectedRevision: "no_stream" });
        }
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Waits for the projector to have projected everything appended so far. */
export async function waitForProjector(pool: pg.Pool, store: PostgresEventStore, timeoutMs: number): Promise<void> {
  const head = await store.headPosition();
  const deadline = performance.now() + timeoutMs;
  while ((await checkpointOf(pool)) < head) {
    if (performance.now() > deadline) throw new Error(`the projector did not reach ${head} in ${timeoutMs} ms`);
    await pause(50);
  }
}

/**
 * A user owning one workspace (made through the API) and, appended straight to the event store as
 * the commands would append them (test fixtures' createProject; an import and an assignment): a
 * project with its own copy of an eight-stage workflow, `count` people imported into the
 * workspace, each a candidate of the project in its first stage. Returns once the projector has
 * them all. Through the API this would take many minutes; the import is measured on its own.
 */
/**
 * A project with a workflow of its own, assigned, appended as the commands append them: the
 * first stage is where candidates are added.
 */
export async function appendProject(
  store: PostgresEventStore,
  userId: string,
  workspaceId: string,
  name: string,
): Promise<{ projectId: string; first: WorkflowStage; stages: WorkflowStage[] }> {
  const projectId = randomUUID();
  const workflowId = randomUUID();
  const stages: WorkflowStage[] = STAGE_NAMES.map((stage, position) => ({
    id: randomUUID(),
    name: stage,
    position,
    description: stage,
    sequenceId: null,
    onResponseStageId: null,
    onResponseStagePosition: null,
  }));
  const now = Date.now();
  const data = { projectId, workspaceId, userId, name, description: null, priority: "High" as const };
  await store.appendToStream(
    projectStream(projectId),
    command(
      [
        {
          type: "ProjectCreated",
          data: { ...data, status: "Active", startDate: null, deadline: null, visible: true, workflowId: null },
        },
      ],
      userId,
      now,
    ),
    { expectedRevision: "no_stream" },
  );
  await store.appendToStream(
    workflowStream(workflowId),
    command(
      [
        {
          type: "WorkflowCreated",
          data: { workflowId, workspaceId, userId, name: "Engineering", description: "", stages, projectId },
        },
      ],
      userId,
      now,
    ),
    { expectedRevision: "no_stream" },
  );
  await store.appendToStream(
    projectStream(projectId),
    command(
      [{ type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId, templateId: randomUUID() } }],
      userId,
      now,
    ),
    { expectedRevision: "any" },
  );
  const [first] = stages;
  if (!first) throw new Error("the workflow has no stages");
  return { projectId, first, stages };
}

export async function seedPipeline(pool: pg.Pool, baseUrl: string, count: number): Promise<SeededPipeline> {
  const user = await seedUser(pool, baseUrl, 1);
  const [workspaceId] = user.workspaceIds;
  if (!workspaceId) throw new Error("no workspace was created");
  const { userId } = user;
  const store = new PostgresEventStore({ pool });
  const { projectId, first, stages } = await appendProject(store, userId, workspaceId, "Platform engineers");

  const candidates: Candidate[] = Array.from({ length: count }, () => {
    const personId = randomUUID();
    return { personId, candidacyId: candidacyIdOf(projectId, personId) };
  });
  const candidateAt = (index: number): Candidate => {
    const candidate = candidates[index];
    if (!candidate) throw new Error(`no candidate ${index}`);
    return candidate;
  };
  await appendStreams(pool, store, count, userId, (index) => {
    const { personId } = candidateAt(index);
    const profile = samplePerson(index, "c");
    return {
      streamId: personStream(personId),
      events: [{ type: "PersonAdded", data: { personId, ownerId: userId, profile, workspaceId, source: "import" } }],
    };
  });
  const at = new Date().toISOString();
  await appendStreams(pool, store, count, userId, (index) => {
    const candidate = candidateAt(index);
    const data = { ...candidate, projectId, workspaceId, stageId: first.id, stageName: first.name, at };
    return { streamId: candidacyStream(candidate.candidacyId), events: [{ type: "CandidacyAdded", data }] };
  });
  await waitForProjector(pool, store, 180_000);
  await store.close();
  await pool.query("vacuum analyze read.change_log");
  // The People tab lists newest added first, equal times by id from the highest: all were added at
  // one instant, so its first page is the ten highest ids.
  candidates.sort((a, b) => (a.candidacyId < b.candidacyId ? 1 : a.candidacyId > b.candidacyId ? -1 : 0));
  return { ...user, workspaceId, projectId, stages, candidates };
}
