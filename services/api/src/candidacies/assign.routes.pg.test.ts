import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { type PipelineFixtures, pipelineFixtures } from "./testing/pipeline-fixtures.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "assigner");
});
afterAll(async () => {
  await t.close();
});

const assignUrl = (project: { id: string; workspaceId: string }, workspace = project.workspaceId) =>
  `/workspaces/${workspace}/projects/${project.id}/assign_people`;

describe("POST /workspaces/{ws}/projects/{id}/assign_people", () => {
  it("adds pool people to the workspace and the project's first stage, and counts in the import's words", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const [sourced] = project.stages;
    const fromPool = await f.addPerson(owner, { first_name: "Grace", last_name: "Hopper" });
    const inWorkspace = await f.addPerson(owner, { first_name: "Ada", last_name: "Lovelace" }, ws);
    const stranger = await f.newUser();
    const foreign = await f.addPerson(stranger, { first_name: "Hidden" });

    const response = await f.send(owner, "POST", assignUrl(project), {
      people_attributes: [
        { person_id: fromPool.id },
        { person_id: inWorkspace.id, stage_id: null },
        { person_id: foreign.id },
        { person_id: fromPool.id },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toEqual({
      type: "assign_result",
      id: expect.any(String),
      attributes: { new: 2, assigned: 1, existing: 1, errors: 1, success: 3, total: 4 },
    });
    expect(body.meta.person_errors).toEqual([{ person_id: foreign.id, reason: "Person not found" }]);
    expect(body.meta.position).toBeGreaterThan(0);

    const list = await f.read(owner, `/projects/${project.id}/project_people`, body.meta.position);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().data.map((item: { attributes: { person_id: string; status: string } }) => item.attributes),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ person_id: fromPool.id, status: "Sourced", stage_id: sourced?.id }),
        expect.objectContaining({ person_id: inWorkspace.id, status: "Sourced", stage_id: sourced?.id }),
      ]),
    );
    const person = await f.read(owner, `/people/${fromPool.id}`, body.meta.position);
    expect(person.json().data.meta.related_workspaces).toEqual([{ id: ws, name: "Acme" }]);
    // The other user's person was neither added to the workspace nor put in the project.
    expect((await t.store.readStream(`person-${foreign.id}`)).length).toBe(1);
    expect(await t.store.readStream(`candidacy-${candidacyIdOf(project.id, foreign.id)}`)).toEqual([]);
  });

  it("records each candidate's entry with its stage and time", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const interview = project.stages[2];
    const person = await f.addPerson(owner, { first_name: "Linus" }, ws);
    t.clock.now = new Date("2026-11-23T08:30:00.000Z");
    await f.assign(owner, project, [person.id], interview?.id);
    const events = await t.store.readStream(`candidacy-${candidacyIdOf(project.id, person.id)}`);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: "CandidacyAdded",
        data: {
          candidacyId: candidacyIdOf(project.id, person.id),
          projectId: project.id,
          workspaceId: ws,
          personId: person.id,
          stageId: interview?.id,
          stageName: "Interview",
          at: "2026-11-23T08:30:00.000Z",
        },
      },
    ]);
  });

  it("counts people already in the project as existing and appends nothing for them", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Margaret" }, ws);
    await f.assign(owner, project, [person.id]);
    const before = await countEvents(t.pool);
    const again = await f.assign(owner, project, [person.id], project.stages[1]?.id);
    expect(again.data.attributes).toEqual({ new: 0, assigned: 0, existing: 1, errors: 0, success: 1, total: 1 });
    expect(again.meta.position).toBe(0);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses a stage of another project for that person only", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const other = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Barbara" }, ws);
    const response = await f.send(owner, "POST", assignUrl(project), {
      data: {
        type: "project",
        attributes: { people_attributes: [{ person_id: person.id, stage_id: other.stages[0]?.id }] },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({ new: 0, errors: 1, total: 1 });
    expect(response.json().meta.person_errors).toEqual([
      { person_id: person.id, reason: "must be a stage of this project" },
    ]);
  });

  it("answers a repeat with the same Idempotency-Key with the first answer, appending nothing", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Edsger" });
    const key = randomUUID();
    const body = { people_attributes: [{ person_id: person.id }] };
    const first = await f.send(owner, "POST", assignUrl(project), body, key);
    const before = await countEvents(t.pool);
    const second = await f.send(owner, "POST", assignUrl(project), body, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json().data.attributes).toMatchObject({ new: 1, assigned: 1 });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("takes `me` for the project's own workspace and refuses another workspace's path (404)", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const elsewhere = await f.createWorkspace(owner, "Elsewhere");
    const project = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Alan" }, ws);
    const body = { people_attributes: [{ person_id: person.id }] };
    expect((await f.send(owner, "POST", assignUrl(project, elsewhere), body)).statusCode).toBe(404);
    const viaMe = await f.send(owner, "POST", assignUrl(project, "me"), body);
    expect(viaMe.statusCode).toBe(200);
    expect(viaMe.json().data.attributes.new).toBe(1);
  });

  it("refuses a project without a workflow with the words to fix it", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws, { workflow: false });
    const person = await f.addPerson(owner, { first_name: "Alan" }, ws);
    const response = await f.send(owner, "POST", assignUrl(project), { people_attributes: [{ person_id: person.id }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].detail).toBe("Assign a workflow to the project first");
  });

  it("validates the body: people required, at most 400, ids as UUIDs", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const empty = await f.send(owner, "POST", assignUrl(project), { people_attributes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source).toEqual({ pointer: "/data/attributes/people_attributes" });
    const tooMany = await f.send(owner, "POST", assignUrl(project), {
      people_attributes: Array.from({ length: 401 }, () => ({ person_id: randomUUID() })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[0].detail).toBe("must have at most 400 people");
    const badId = await f.send(owner, "POST", assignUrl(project), { people_attributes: [{ person_id: "nope" }] });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors[0].source).toEqual({ pointer: "/data/attributes/people_attributes/0/person_id" });
  });

  it("refuses a project viewer (403), an outsider of the project or workspace (404) and an archived project (422), appending nothing", async () => {
    const owner = await f.newUser();
    const viewer = await f.newUser();
    const outsider = await f.newUser();
    const stranger = await f.newUser();
    const ws = await f.createWorkspace(owner);
    await f.join(ws, viewer, "collaborator");
    await f.join(ws, outsider, "collaborator");
    const project = await f.createProject(owner, ws);
    await f.joinProject(project, viewer, "viewer");
    const person = await f.addPerson(owner, { first_name: "Kathleen" }, ws);
    const body = { people_attributes: [{ person_id: person.id }] };
    const before = await countEvents(t.pool);
    expect((await f.send(viewer, "POST", assignUrl(project), body)).statusCode).toBe(403);
    expect((await f.send(outsider, "POST", assignUrl(project), body)).statusCode).toBe(404);
    expect((await f.send(stranger, "POST", assignUrl(project), body)).statusCode).toBe(404);
    expect((await f.send(owner, "POST", assignUrl({ ...project, id: randomUUID() }), body)).statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);
    await f.archive(owner, project);
    const archived = await f.send(owner, "POST", assignUrl(project), body);
    expect(archived.statusCode).toBe(422);
    expect(archived.json().errors[0].detail).toBe("Archived projects: no editing");
    expect(await countEvents(t.pool)).toBe(before + 1);
  });
});

describe("POST /people/export_to_project", () => {
  it("copies the selected people into the project's first stage", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const source = await f.createProject(owner, ws, { name: "Source" });
    const target = await f.createProject(owner, ws, { name: "Target", stageNames: ["New", "Call", "Offer"] });
    const people = [
      await f.addPerson(owner, { first_name: "Ada" }, ws),
      await f.addPerson(owner, { first_name: "Bo" }),
    ];
    await f.assign(owner, source, [people[0]?.id ?? ""]);
    const response = await f.send(owner, "POST", "/people/export_to_project", {
      workspace_id: ws,
      project_id: target.id,
      people_ids: people.map((person) => person.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toEqual({
      new: 2,
      assigned: 1,
      existing: 0,
      errors: 0,
      success: 2,
      total: 2,
    });
    const list = await f.read(owner, `/projects/${target.id}/project_people`, response.json().meta.position);
    expect(list.json().data.map((item: { attributes: { status: string } }) => item.attributes.status)).toEqual([
      "New",
      "New",
    ]);
  });

  it("refuses a project of another workspace than the one named, and a stranger's project", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const other = await f.createWorkspace(owner, "Other");
    const project = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Ada" }, ws);
    const body = { workspace_id: other, project_id: project.id, people_ids: [person.id] };
    expect((await f.send(owner, "POST", "/people/export_to_project", body)).statusCode).toBe(404);
    const asStranger = await f.send(stranger, "POST", "/people/export_to_project", { ...body, workspace_id: ws });
    expect(asStranger.statusCode).toBe(404);
  });
});
