import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../testing/test-app.ts";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { candidateUrl, type PipelineFixtures, pipelineFixtures, stageOf } from "./testing/pipeline-fixtures.ts";

// Who may change a project's pipeline: archived projects, roles, and what another process changed.

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "pipeline-guard");
});
afterAll(async () => {
  await t.close();
});

const personUrl = candidateUrl;
const withCandidate = (owner: SignedIn) => f.withCandidate(owner);

describe("who may change a pipeline", () => {
  it("an archived project refuses every write with the spec's words and appends nothing", async () => {
    const owner = await f.newUser();
    const { project, person, url } = await withCandidate(owner);
    const archivedAt = await f.archive(owner, project);
    const newcomer = await f.addPerson(owner, { first_name: "Late" }, project.workspaceId);
    const before = await countEvents(t.pool);
    const writes = [
      f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(project, 1).id }),
      f.send(owner, "PUT", `${url}/person_response`, { response: "interested" }),
      f.send(owner, "DELETE", url),
      f.send(owner, "POST", `/workspaces/${project.workspaceId}/projects/${project.id}/assign_people`, {
        people_attributes: [{ person_id: newcomer.id }],
      }),
      f.send(owner, "POST", "/people/export_to_project", {
        workspace_id: project.workspaceId,
        project_id: project.id,
        people_ids: [person.id],
      }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].detail).toBe("Archived projects: no editing");
    }
    expect(await countEvents(t.pool)).toBe(before);
    // Still readable.
    expect((await f.read(owner, `/projects/${project.id}/project_people`, archivedAt)).json().data).toHaveLength(1);
  });

  it("sees what another process appended since its last move: a removal, then an archive", async () => {
    const owner = await f.newUser();
    const { project, person, url } = await withCandidate(owner);
    const other = await f.addPerson(owner, { first_name: "Ada" }, project.workspaceId);
    await f.assign(owner, project, [other.id]);
    // Both streams are now cached by this process; the appends below go around it.
    expect((await f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(project, 1).id })).statusCode).toBe(200);
    const candidacyId = candidacyIdOf(project.id, person.id);
    const at = t.clock.now.toISOString();
    await appendEvents(
      t.store,
      `candidacy-${candidacyId}`,
      [
        {
          type: "CandidacyRemoved",
          data: { candidacyId, projectId: project.id, workspaceId: project.workspaceId, at },
        },
      ],
      { occurredAt: at, actor: owner.userId },
    );
    expect((await f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(project, 2).id })).statusCode).toBe(404);

    const otherUrl = personUrl(project, other.id);
    await appendEvents(
      t.store,
      `project-${project.id}`,
      [{ type: "ProjectArchived", data: { projectId: project.id, workspaceId: project.workspaceId } }],
      { occurredAt: at, actor: owner.userId },
    );
    const refused = await f.send(owner, "PUT", `${otherUrl}/move`, { stage_id: stageOf(project, 1).id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].detail).toBe("Archived projects: no editing");
  });

  it("a project viewer reads the pipeline but cannot change it (403)", async () => {
    const owner = await f.newUser();
    const viewer = await f.newUser();
    const { ws, project, url } = await withCandidate(owner);
    await f.join(ws, viewer, "viewer");
    const joined = await f.joinProject(project, viewer, "viewer");
    expect((await f.read(viewer, `/projects/${project.id}/project_people`, joined)).json().data).toHaveLength(1);
    expect((await f.send(viewer, "PUT", `${url}/move`, { stage_id: stageOf(project, 1).id })).statusCode).toBe(403);
    expect((await f.send(viewer, "PUT", `${url}/person_response`, { response: "follow_up" })).statusCode).toBe(403);
    expect((await f.send(viewer, "DELETE", url)).statusCode).toBe(403);
  });

  it("a collaborator of the project works the pipeline; one of the workspace alone learns nothing of it", async () => {
    const owner = await f.newUser();
    const collaborator = await f.newUser();
    const { ws, project, url } = await withCandidate(owner);
    const joined = await f.join(ws, collaborator, "collaborator");
    const outside = await f.send(collaborator, "PUT", `${url}/move`, { stage_id: stageOf(project, 2).id });
    expect(outside.statusCode).toBe(404);
    expect((await f.read(collaborator, `/projects/${project.id}/project_people`, joined)).statusCode).toBe(404);
    await f.joinProject(project, collaborator, "collaborator");
    const moved = await f.send(collaborator, "PUT", `${url}/move`, { stage_id: stageOf(project, 2).id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes.status).toBe("Interview");
  });

  it("someone outside the workspace learns nothing (404), existing candidate or not", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const { project, url } = await withCandidate(owner);
    const missing = `/projects/${project.id}/project_people/${randomUUID()}`;
    for (const path of [url, missing]) {
      const response = await f.send(stranger, "PUT", `${path}/move`, { stage_id: stageOf(project, 1).id });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].detail).toBe("Project not found");
      expect((await f.send(stranger, "DELETE", path)).statusCode).toBe(404);
    }
  });
});
