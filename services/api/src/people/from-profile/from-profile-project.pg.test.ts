import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PipelineFixtures,
  type PipelineProject,
  pipelineFixtures,
  stageOf,
} from "../../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, type SignedIn, startTestApp, type TestApp } from "../../testing/test-app.ts";
import { type ProfileFixtures, profileFixtures } from "./testing/profile-fixtures.ts";

let t: TestApp;
let f: PipelineFixtures;
let p: ProfileFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "profile-project");
  p = profileFixtures(t, f);
});
afterAll(async () => {
  await t.close();
});

async function sequenceIn(owner: SignedIn, ws: string) {
  const created = await f.send(owner, "POST", `/workspaces/${ws}/sequences`, {
    name: "Backend outreach",
    steps: [{ template_subject: "Hello {{first_name}}", template_body: "<p>Hi {{first_name}}</p>" }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

/** The sequence runs started in the project: person id → stage id. */
async function runs(projectId: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ data: { personId: string; stageId: string } }>(
    "select data from events where type = 'ProcessorStarted' and data->>'projectId' = $1 order by global_position",
    [projectId],
  );
  return rows.map((row) => [row.data.personId, row.data.stageId]);
}

/** The project's candidates as the pipeline lists them: person id → stage id. */
async function pipeline(user: SignedIn, project: PipelineProject, position: number) {
  const response = await f.read(user, `/projects/${project.id}/project_people?limit=50`, position);
  expect(response.statusCode).toBe(200);
  const rows = response.json<{ data: { attributes: { person_id: string; stage_id: string } }[] }>().data;
  return Object.fromEntries(rows.map((row) => [row.attributes.person_id, row.attributes.stage_id]));
}

const into = (project: PipelineProject, stageId?: string) => ({
  workspace_id: project.workspaceId,
  project_id: project.id,
  ...(stageId ? { stage_id: stageId } : {}),
});

describe("POST /people/from_profile into a project", () => {
  it("puts a new person in the stage named, in the project's workspace, and starts that stage's sequence", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner, "Acme");
    const sequenceId = await sequenceIn(owner, ws);
    const project = await f.createProject(owner, ws, { sequences: { 1: sequenceId } });
    const contacted = stageOf(project, 1);

    const answer = await p.added(owner, {
      first_name: "Grace",
      linkedin: p.freshProfile(),
      ...into(project, contacted.id),
    });
    expect(answer.status).toBe(201);
    const { data, meta } = answer.body;
    expect(meta).toMatchObject({
      outcome: "new",
      link: `/profile/${data.id}`,
      candidacy: { id: candidacyIdOf(project.id, data.id), project_id: project.id, stage_id: contacted.id },
    });
    expect(data.meta.related_workspaces).toEqual([{ id: ws, name: "Acme" }]);
    expect(data.meta.related_projects).toEqual([expect.objectContaining({ id: project.id })]);
    expect(await pipeline(owner, project, meta.position)).toEqual({ [data.id]: contacted.id });
    expect(await runs(project.id)).toEqual([[data.id, contacted.id]]);
  });

  it("puts the person in the project's first stage when no stage is named", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const sequenceId = await sequenceIn(owner, ws);
    const project = await f.createProject(owner, ws, { sequences: { 0: sequenceId } });
    const answer = await p.added(owner, { first_name: "Ada", linkedin: p.freshProfile(), ...into(project) });
    expect(answer.body.meta.candidacy?.stage_id).toBe(stageOf(project, 0).id);
    expect(await pipeline(owner, project, answer.body.meta.position)).toEqual({
      [answer.body.data.id]: stageOf(project, 0).id,
    });
    expect(await runs(project.id)).toEqual([[answer.body.data.id, stageOf(project, 0).id]]);
  });

  it("puts a known pool person in the workspace and the project, and leaves a candidate in its stage", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const address = p.freshProfile();
    const pooled = await f.addPerson(owner, { first_name: "Pooled", linkedin: address, title: "Engineer" });
    const candidate = await f.addPerson(owner, { first_name: "Already", email: "already@example.com" }, ws);
    await f.assign(owner, project, [candidate.id], stageOf(project, 2).id);
    await t.readModels.waitFor(await t.store.headPosition(), 5000);

    const joined = await p.added(owner, {
      first_name: "Other",
      linkedin: address,
      ...into(project, stageOf(project, 1).id),
    });
    expect(joined.status).toBe(200);
    expect(joined.body.meta).toMatchObject({
      outcome: "existing",
      message: "Already in your talent pool",
      link: `/profile/${pooled.id}`,
      candidacy: { id: candidacyIdOf(project.id, pooled.id), stage_id: stageOf(project, 1).id },
    });
    expect(joined.body.data.attributes).toMatchObject({ first_name: "Pooled", title: "Engineer" });
    expect(joined.body.data.meta.related_workspaces).toEqual([{ id: ws, name: "Acme" }]);

    const before = await countEvents(t.pool);
    const stayed = await p.added(owner, {
      first_name: "Already",
      linkedin: p.freshProfile(),
      email: "already@example.com",
      ...into(project),
    });
    expect(stayed.status).toBe(200);
    expect(stayed.body.meta.candidacy).toEqual({
      id: candidacyIdOf(project.id, candidate.id),
      project_id: project.id,
      stage_id: stageOf(project, 2).id,
    });
    expect(await countEvents(t.pool)).toBe(before);
    expect(await pipeline(owner, project, joined.body.meta.position)).toEqual({
      [pooled.id]: stageOf(project, 1).id,
      [candidate.id]: stageOf(project, 2).id,
    });
  });

  it("answers 404 for another user's project, or one of another workspace, appending nothing", async () => {
    const user = await f.newUser();
    const other = await f.newUser();
    const mine = await f.createWorkspace(user);
    const theirs = await f.createProject(other, await f.createWorkspace(other));
    const elsewhere = await f.createProject(user, await f.createWorkspace(user, "Other"));
    await t.reactions?.settle();
    const before = await countEvents(t.pool);
    for (const target of [into(theirs), { ...into(theirs), workspace_id: mine }]) {
      const answer = await p.addProfile(user, { first_name: "Ada", linkedin: p.freshProfile(), ...target });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errors[0]).toMatchObject({ detail: "Project not found" });
    }
    const mismatched = await p.addProfile(user, {
      first_name: "Ada",
      linkedin: p.freshProfile(),
      ...into(elsewhere),
      workspace_id: mine,
    });
    expect(mismatched.statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses a viewer of the project, or of the workspace the person would join, with 403, appending nothing", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const projectViewer = await f.newUser();
    await f.join(ws, projectViewer, "collaborator");
    await f.joinProject(project, projectViewer, "viewer");
    const workspaceViewer = await f.newUser();
    await f.join(ws, workspaceViewer, "viewer");
    await f.joinProject(project, workspaceViewer, "collaborator");
    await t.reactions?.settle();
    const before = await countEvents(t.pool);
    for (const viewer of [projectViewer, workspaceViewer]) {
      const answer = await p.addProfile(viewer, { first_name: "Ada", linkedin: p.freshProfile(), ...into(project) });
      expect(answer.statusCode).toBe(403);
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("points at a stage that is not the project's", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const answer = await p.addProfile(owner, {
      first_name: "Ada",
      linkedin: p.freshProfile(),
      ...into(project, randomUUID()),
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors[0].source).toEqual({ pointer: "/data/attributes/stage_id" });
    const stageless = await p.addProfile(owner, {
      first_name: "Ada",
      linkedin: p.freshProfile(),
      project_id: project.id,
      stage_id: stageOf(project, 0).id,
    });
    expect(stageless.statusCode).toBe(422);
    expect(stageless.json().errors[0].source).toEqual({ pointer: "/data/attributes/workspace_id" });
  });
});
