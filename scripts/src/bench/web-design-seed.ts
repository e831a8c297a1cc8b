import { randomUUID } from "node:crypto";
import { candidacyStream } from "@hirestream/api/candidacies/candidacy-commands.ts";
import { personStream } from "@hirestream/api/people/person-commands.ts";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import { samplePerson } from "./people-import-sample.ts";
import { appendProject, appendStreams, waitForProjector } from "./pipeline-seed.ts";
import { type SeededUser, seedUser } from "./web-seed.ts";

/** The password api-client.ts's signUp gives every bench user. */
export const BENCH_PASSWORD = "correct horse battery staple";

export interface SeededDesignShare extends SeededUser {
  email: string;
  workspaceId: string;
  projectIds: string[];
  people: number;
  candidacies: number;
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
  // Settled as a database that has held the share a while: the seed's new tables analysed and
  // vacuumed, its dirty pages flushed, so that autovacuum and the checkpointer, woken by tens of
  // thousands of fresh rows, do not run beside the first loads that are timed.
  await pool.query("vacuum analyze");
  await pool.query("checkpoint");
  return {
    ...user,
    email,
    workspaceId,
    projectIds: projects.map((project) => project.projectId),
    people: options.people,
    candidacies: options.people * options.projects,
  };
}
