import { randomUUID } from "node:crypto";
import { candidacyStream } from "@hirestream/api/candidacies/candidacy-commands.ts";
import { personStream } from "@hirestream/api/people/person-commands.ts";
import { projectStream } from "@hirestream/api/projects/project-commands.ts";
import { workflowStream } from "@hirestream/api/workflows/workflow-commands.ts";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import { samplePerson } from "./people-import-sample.ts";
import { appendStreams, waitForProjector } from "./pipeline-seed.ts";
import { command } from "./projection-history.ts";
import { type SeededUser, seedUser } from "./web-seed.ts";

const STAGE_NAMES = ["Sourced", "Contacted", "Replied", "Screening", "Interview", "Offer", "Hired", "Rejected"];

/** The password api-client.ts's signUp gives every bench user. */
export const BENCH_PASSWORD = "correct horse battery staple";

export interface SeededDesignShare extends SeededUser {
  email: string;
  workspaceId: string;
  projectIds: string[];
  people: number;
  candidacies: number;
}

async function appendProject(store: PostgresEventStore, userId: string, workspaceId: string, name: string) {
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
  return { projectId, first };
}

/**
 * DESIGN.md's size of one user's share: a workspace of `people` people (all in the user's Talent
 * Pool too) and `projects` projects, each with every one of them as a candidate, so people ×
 * projects candidacies. The workspace is made through the API; the rest appended straight to the
 * event store as the commands would append them (pipeline-seed.ts), then projected.
 */
export async function seedDesignShare(
  pool: pg.Pool,
  baseUrl: string,
  options: { people: number; projects: number },
): Promise<SeededDesignShare> {
  const user = await seedUser(pool, baseUrl, 1);
  const [workspaceId] = user.workspaceIds;
  const email = user.session.uid;
  if (!workspaceId || !email) throw new Error("no workspace or no email");
  const { userId } = user;
  const store = new PostgresEventStore({ pool });
  const projects = [];
  for (let index = 0; index < options.projects; index++) {
    projects.push(await appendProject(store, userId, workspaceId, `Project ${index + 1}`));
  }
  const personIds = Array.from({ length: options.people }, () => randomUUID());
  const personAt = (index: number): string => {
    const id = personIds[index];
    if (!id) throw new Error(`no person ${index}`);
    return id;
  };
  await appendStreams(pool, store, options.people, userId, (index) => {
    const personId = personAt(index);
    const profile = samplePerson(index, "d");
    return {
      streamId: personStream(personId),
      events: [{ type: "PersonAdded", data: { personId, ownerId: userId, profile, workspaceId, source: "import" } }],
    };
  });
  const at = new Date().toISOString();
  for (const { projectId, first } of projects) {
    await appendStreams(pool, store, options.people, userId, (index) => {
      const personId = personAt(index);
      const candidacyId = candidacyIdOf(projectId, personId);
      const data = { personId, candidacyId, projectId, workspaceId, stageId: first.id, stageName: first.name, at };
      return { streamId: candidacyStream(candidacyId), events: [{ type: "CandidacyAdded", data }] };
    });
  }
  await waitForProjector(pool, store, 600_000);
  await store.close();
  await pool.query("vacuum analyze read.change_log");
  return {
    ...user,
    email,
    workspaceId,
    projectIds: projects.map((project) => project.projectId),
    people: options.people,
    candidacies: options.people * options.projects,
  };
}
