import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { candidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import { stageDurations } from "@hirestream/domain/candidacy/stage-durations.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../testing/test-app.ts";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { candidateUrl, type PipelineFixtures, pipelineFixtures, stageOf } from "./testing/pipeline-fixtures.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "pipeliner");
});
afterAll(async () => {
  await t.close();
});

const _personUrl = candidateUrl;
const withCandidate = (owner: SignedIn) => f.withCandidate(owner);

describe("GET /projects/{id}/project_people", () => {
  it("answers project_person documents with their people, stages and workspace included", async () => {
    const owner = await f.newUser();
    t.clock.now = new Date("2026-11-22T12:00:00.000Z");
    const { ws, project, person, position } = await withCandidate(owner);
    const response = await f.read(owner, `/projects/${project.id}/project_people`, position);
    expect(response.statusCode).toBe(200);
    const id = candidacyIdOf(project.id, person.id);
    const sourced = stageOf(project, 0);
    expect(response.json()).toEqual({
      data: [
        {
          id,
          type: "project_person",
          attributes: {
            person_id: person.id,
            project_id: project.id,
            project_person_id: id,
            workspace_id: ws,
            stage_id: sourced.id,
            status: "Sourced",
            response: null,
            stage_entered_at: "2026-11-22T12:00:00.000Z",
            created_at: "2026-11-22T12:00:00.000Z",
            updated_at: "2026-11-22T12:00:00.000Z",
          },
          relationships: {
            stage: { data: { id: sourced.id, type: "stage" } },
            person: { data: { id: person.id, type: "person" } },
            workspace: { data: { id: ws, type: "workspace" } },
          },
          meta: { current_sequence_processor: null },
        },
      ],
      included: [
        {
          id: person.id,
          type: "person",
          attributes: {
            first_name: "Grace",
            last_name: "Hopper",
            email: "grace@navy.mil",
            email_second: null,
            email_work: null,
            avatar_url: null,
            company: null,
            title: null,
            city: null,
            state: null,
            country: null,
            linkedin: null,
          },
        },
        { id: sourced.id, type: "stage", attributes: { name: "Sourced", position: 0 } },
        { id: ws, type: "workspace", attributes: { name: "Acme" } },
      ],
      meta: { pages: { current: 1, total: 1 }, total: 1 },
      links: {
        self: `/api/v1/projects/${project.id}/project_people?limit=10&page=1`,
        first: `/api/v1/projects/${project.id}/project_people?limit=10&page=1`,
        prev: null,
        next: null,
        last: `/api/v1/projects/${project.id}/project_people?limit=10&page=1`,
      },
    });
  });

  it("includes each stage and the workspace once, as the workflow copy names them now", async () => {
    const owner = await f.newUser();
    const { ws, project } = await withCandidate(owner);
    const [sourced, contacted] = [stageOf(project, 0), stageOf(project, 1)];
    const people = [];
    for (const first_name of ["Ada", "Alan", "Edsger"]) people.push((await f.addPerson(owner, { first_name }, ws)).id);
    await f.assign(owner, project, people.slice(0, 2));
    const moved = await f.assign(owner, project, people.slice(2), contacted.id);
    const response = await f.read(owner, `/projects/${project.id}/project_people?limit=50`, moved.meta.position);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(4);
    const related = body.included.filter((item: { type: string }) => item.type !== "person");
    // Four candidates in two stages of one workspace: three records, each once.
    expect(related).toHaveLength(3);
    expect(related).toEqual(
      expect.arrayContaining([
        { id: contacted.id, type: "stage", attributes: { name: "Contacted", position: 1 } },
        { id: sourced.id, type: "stage", attributes: { name: "Sourced", position: 0 } },
        { id: ws, type: "workspace", attributes: { name: "Acme" } },
      ]),
    );
    for (const item of body.data) {
      const { stage, workspace } = item.relationships;
      expect(related).toContainEqual(expect.objectContaining(stage.data));
      expect(related).toContainEqual(expect.objectContaining(workspace.data));
    }
  });

  it("searches the candidates' names, addresses, company and title, filters by stage and pages", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const [sourced, contacted, interview] = [stageOf(project, 0), stageOf(project, 1), stageOf(project, 2)];
    const engineers = [];
    for (let n = 1; n <= 12; n++) {
      engineers.push(
        await f.addPerson(owner, { first_name: `Engineer${n}`, company: "Initech", title: "Developer" }, ws),
      );
    }
    const designer = await f.addPerson(owner, { first_name: "Dana", email: "dana@studio.example" }, ws);
    await f.assign(
      owner,
      project,
      engineers.slice(0, 8).map((person) => person.id),
    );
    await f.assign(
      owner,
      project,
      engineers.slice(8).map((person) => person.id),
      contacted.id,
    );
    const { meta } = await f.assign(owner, project, [designer.id], interview.id);
    const list = (query: string) => f.read(owner, `/projects/${project.id}/project_people?${query}`, meta.position);
    const people = (body: { data: { attributes: { person_id: string } }[] }) =>
      body.data.map((item) => item.attributes.person_id);

    const first = (await list("")).json();
    expect(first.meta).toEqual({ pages: { current: 1, total: 2 }, total: 13 });
    expect(first.data).toHaveLength(10);
    expect(first.links.next).toBe(`/api/v1/projects/${project.id}/project_people?limit=10&page=2`);
    const second = (await f.read(owner, first.links.next.replace("/api/v1", ""), meta.position)).json();
    expect(second.data).toHaveLength(3);
    expect(second.links.prev).toBe(`/api/v1/projects/${project.id}/project_people?limit=10&page=1`);
    expect(new Set([...people(first), ...people(second)]).size).toBe(13);
    expect((await list("limit=20")).json().data).toHaveLength(13);

    expect(people((await list("search_by=studio")).json())).toEqual([designer.id]);
    expect((await list("search_by=initech%20developer&limit=50")).json().meta.total).toBe(12);
    expect((await list("search_by=nobody")).json()).toMatchObject({ data: [], meta: { total: 0 } });

    const inContacted = (await list(`by_stages[]=${contacted.id}`)).json();
    expect(people(inContacted).sort()).toEqual(
      engineers
        .slice(8)
        .map((person) => person.id)
        .sort(),
    );
    expect(inContacted.links.first).toBe(
      `/api/v1/projects/${project.id}/project_people?${encodeURIComponent("by_stages[]")}=${contacted.id}&limit=10&page=1`,
    );
    const twoStages = (await list(`by_stages[]=${contacted.id}&by_stages[]=${interview.id}&search_by=dana`)).json();
    expect(people(twoStages)).toEqual([designer.id]);
    expect((await list(`by_stages=${sourced.id}`)).json().meta.total).toBe(8);
    // The page's own people, and the stages and workspace they point at: nothing of other pages.
    const includedOf = (type: string) =>
      first.included.filter((item: { type: string }) => item.type === type).map((item: { id: string }) => item.id);
    expect(includedOf("person").sort()).toEqual(people(first).sort());
    expect(includedOf("workspace")).toEqual([ws]);
    expect(first.included.every((item: { type: string }) => ["person", "stage", "workspace"].includes(item.type))).toBe(
      true,
    );
  });

  it("validates the list parameters", async () => {
    const owner = await f.newUser();
    const { project, position } = await withCandidate(owner);
    const badLimit = await f.read(owner, `/projects/${project.id}/project_people?limit=15`, position);
    expect(badLimit.statusCode).toBe(422);
    expect(badLimit.json().errors[0].source).toEqual({ parameter: "limit" });
    const badStage = await f.read(owner, `/projects/${project.id}/project_people?by_stages[]=nope`, position);
    expect(badStage.statusCode).toBe(422);
  });

  it("is not found for someone outside the workspace, for a hidden project of someone else, and for an unknown id", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const member = await f.newUser();
    const { ws, project, position } = await withCandidate(owner);
    await f.join(ws, member, "manager");
    const hidden = await f.createProject(owner, ws, { visible: false });
    expect((await f.read(stranger, `/projects/${project.id}/project_people`, position)).statusCode).toBe(404);
    expect((await f.read(member, `/projects/${hidden.id}/project_people`, hidden.position)).statusCode).toBe(404);
    expect((await f.read(owner, `/projects/${hidden.id}/project_people`, hidden.position)).statusCode).toBe(200);
    expect((await f.read(owner, `/projects/${randomUUID()}/project_people`)).statusCode).toBe(404);
    expect((await f.read(owner, "/projects/not-a-uuid/project_people")).statusCode).toBe(404);
  });
});

describe("PUT /projects/{p}/project_people/{id}/move", () => {
  it("moves the candidate, answers the document, and records each move with its time", async () => {
    const owner = await f.newUser();
    t.clock.now = new Date("2026-11-22T12:00:00.000Z");
    const { project, person, url } = await withCandidate(owner);
    const [sourced, contacted, interview] = [stageOf(project, 0), stageOf(project, 1), stageOf(project, 2)];

    t.clock.now = new Date("2026-11-23T12:00:00.000Z");
    const moved = await f.send(owner, "PUT", `${url}/move`, { stage_id: contacted.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      id: candidacyIdOf(project.id, person.id),
      type: "project_person",
      attributes: { status: "Contacted", stage_id: contacted.id, person_id: person.id, response: null },
      relationships: { stage: { data: { id: contacted.id, type: "stage" } } },
    });
    expect(moved.json().meta.position).toBeGreaterThan(0);

    t.clock.now = new Date("2026-11-23T18:00:00.000Z");
    const back = await f.send(owner, "PUT", `${url}/move`, {
      data: { type: "project_person", attributes: { stage_id: sourced.id } },
    });
    expect(back.statusCode).toBe(200);
    t.clock.now = new Date("2026-11-24T06:00:00.000Z");
    const last = await f.send(owner, "PUT", `${url}/move`, { stage_id: interview.id });

    const stream = await t.store.readStream(`candidacy-${candidacyIdOf(project.id, person.id)}`);
    const events = stream.flatMap((recorded) => candidacyEvent.safeParse(recorded).data ?? []);
    expect(events.map((event) => [event.type, "at" in event.data ? event.data.at : null])).toEqual([
      ["CandidacyAdded", "2026-11-22T12:00:00.000Z"],
      ["CandidacyMoved", "2026-11-23T12:00:00.000Z"],
      ["CandidacyMoved", "2026-11-23T18:00:00.000Z"],
      ["CandidacyMoved", "2026-11-24T06:00:00.000Z"],
    ]);
    const hour = 3_600_000;
    expect([...stageDurations(events, new Date("2026-11-24T08:00:00.000Z"))]).toEqual([
      [sourced.id, 24 * hour + 12 * hour],
      [contacted.id, 6 * hour],
      [interview.id, 2 * hour],
    ]);

    const list = await f.read(owner, `/projects/${project.id}/project_people`, last.json().meta.position);
    expect(list.json().data[0].attributes).toMatchObject({
      status: "Interview",
      stage_entered_at: "2026-11-24T06:00:00.000Z",
    });
  });

  it("appends nothing when the candidate is already in the stage", async () => {
    const owner = await f.newUser();
    const { project, url } = await withCandidate(owner);
    const before = await countEvents(t.pool);
    const same = await f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(project, 0).id });
    expect(same.statusCode).toBe(200);
    expect(same.json().meta.position).toBe(0);
    expect(same.json().data.attributes.status).toBe("Sourced");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses a stage of another project, pointing at stage_id", async () => {
    const owner = await f.newUser();
    const { ws, url } = await withCandidate(owner);
    const other = await f.createProject(owner, ws);
    const response = await f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(other, 1).id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      detail: "must be a stage of this project",
      source: { pointer: "/data/attributes/stage_id" },
    });
  });

  it("shows a renamed stage's new name on its candidates", async () => {
    const owner = await f.newUser();
    const { project, url, position } = await withCandidate(owner);
    const events = await t.store.readStream(`project-${project.id}`);
    const assigned = events.find((event) => event.type === "ProjectWorkflowAssigned")?.data as { workflowId: string };
    const stages = project.stages.map((stage) => (stage.position === 0 ? { ...stage, name: "Found" } : stage));
    const renamed = await t.store.appendToStream(
      `workflow-${assigned.workflowId}`,
      [
        {
          id: randomUUID(),
          type: "WorkflowStagesChanged",
          data: { workflowId: assigned.workflowId, workspaceId: project.workspaceId, stages },
          metadata: {
            commandId: randomUUID(),
            userId: owner.userId,
            correlationId: randomUUID(),
            causationId: randomUUID(),
            occurredAt: t.clock.now.toISOString(),
          },
        },
      ],
      { expectedRevision: "any" },
    );
    const list = await f.read(owner, `/projects/${project.id}/project_people`, Math.max(position, renamed.position));
    expect(list.json().data[0].attributes.status).toBe("Found");
    const answered = await f.send(owner, "PUT", `${url}/person_response`, { response: "follow_up" });
    expect(answered.json().data.attributes.status).toBe("Found");
  });
});

describe("PUT /projects/{p}/project_people/{id}/person_response", () => {
  it("sets the response, and a repeat changes nothing", async () => {
    const owner = await f.newUser();
    const { project, url } = await withCandidate(owner);
    const set = await f.send(owner, "PUT", `${url}/person_response`, { response: "interested" });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.attributes).toMatchObject({ response: "interested", status: "Sourced" });
    const again = await f.send(owner, "PUT", `${url}/person_response`, { response: "interested" });
    expect(again.json().meta.position).toBe(0);
    const changed = await f.send(owner, "PUT", `${url}/person_response`, { response: "not_interested" });
    const list = await f.read(owner, `/projects/${project.id}/project_people`, changed.json().meta.position);
    expect(list.json().data[0].attributes.response).toBe("not_interested");
  });

  it("refuses any other response with the choices", async () => {
    const owner = await f.newUser();
    const { url } = await withCandidate(owner);
    const response = await f.send(owner, "PUT", `${url}/person_response`, { response: "maybe" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      detail: "must be one of interested, not_interested, follow_up",
      source: { pointer: "/data/attributes/response" },
    });
  });
});

describe("DELETE /projects/{p}/project_people/{id}", () => {
  it("takes the candidate out of the project; the person stays in the workspace and may be added again", async () => {
    const owner = await f.newUser();
    const { ws, project, person, url } = await withCandidate(owner);
    const removed = await f.send(owner, "DELETE", url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ meta: { position: expect.any(Number), result: "removed" } });
    const { position } = removed.json().meta;
    expect((await f.read(owner, `/projects/${project.id}/project_people`, position)).json().data).toEqual([]);
    const people = await f.read(owner, `/workspaces/${ws}/people`, position);
    expect(people.json().data.map((item: { id: string }) => item.id)).toEqual([person.id]);
    expect((await f.send(owner, "DELETE", url)).statusCode).toBe(404);
    expect((await f.send(owner, "PUT", `${url}/move`, { stage_id: stageOf(project, 1).id })).statusCode).toBe(404);

    const again = await f.assign(owner, project, [person.id]);
    expect(again.data.attributes).toMatchObject({ new: 1 });
  });

  it("does not reach a candidate through another project's path", async () => {
    const owner = await f.newUser();
    const { ws, person, project } = await withCandidate(owner);
    const other = await f.createProject(owner, ws);
    const wrongPath = `/projects/${other.id}/project_people/${candidacyIdOf(project.id, person.id)}`;
    expect((await f.send(owner, "DELETE", wrongPath)).statusCode).toBe(404);
  });
});

describe("GET /project_people/global_search", () => {
  it("finds candidates across the user's projects and never in another user's", async () => {
    const owner = await f.newUser();
    const other = await f.newUser();
    const colleague = await f.newUser();
    const mine = await withCandidate(owner);
    const second = await f.createProject(owner, mine.ws, { name: "Design hires" });
    await f.assign(owner, second, [mine.person.id]);
    const hiddenByColleague = await f.createProject(colleague, await f.createWorkspace(colleague), { visible: false });
    await f.join(hiddenByColleague.workspaceId, owner, "manager");
    const secret = await f.addPerson(
      colleague,
      { first_name: "Grace", last_name: "Secret" },
      hiddenByColleague.workspaceId,
    );
    await f.assign(colleague, hiddenByColleague, [secret.id]);
    const theirs = await withCandidate(other);

    const found = await f.read(owner, "/project_people/global_search?search_by=grace&limit=50", theirs.position);
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.data.map((item: { attributes: { project_id: string } }) => item.attributes.project_id).sort()).toEqual(
      [mine.project.id, second.id].sort(),
    );
    expect(
      body.data.map((item: { attributes: { project_name: string } }) => item.attributes.project_name).sort(),
    ).toEqual(["Backend hires", "Design hires"]);
    expect(body.data[0].relationships.project.data.type).toBe("project");
    expect(body.included.filter((item: { type: string }) => item.type === "person")).toHaveLength(1);
    expect(body.included.filter((item: { type: string }) => item.type === "project")).toHaveLength(2);
    const stageIds = [mine.project.stages[0]?.id, second.stages[0]?.id].sort();
    expect(
      body.included
        .filter((item: { type: string }) => item.type === "stage")
        .map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual(stageIds);
    expect(body.included.filter((item: { type: string }) => item.type === "workspace")).toEqual([
      { id: mine.ws, type: "workspace", attributes: { name: "Acme" } },
    ]);
    for (const item of body.data) {
      expect(stageIds).toContain(item.relationships.stage.data.id);
      expect(item.relationships.workspace.data).toEqual({ id: mine.ws, type: "workspace" });
    }
    expect(body.meta).toEqual({ pages: { current: 1, total: 1 }, total: 2 });
    expect(body.links.first).toBe("/api/v1/project_people/global_search?search_by=grace&limit=50&page=1");

    const theirSearch = await f.read(other, "/project_people/global_search?search_by=hopper", theirs.position);
    expect(
      theirSearch.json().data.map((item: { attributes: { project_id: string } }) => item.attributes.project_id),
    ).toEqual([theirs.project.id]);
  });
});

describe("GET /people/{id} meta.related_projects", () => {
  it("names the projects the user can read that the person is a candidate in", async () => {
    const owner = await f.newUser();
    const member = await f.newUser();
    const { ws, project, person } = await withCandidate(owner);
    const hidden = await f.createProject(owner, ws, { name: "Confidential", visible: false });
    const { meta } = await f.assign(owner, hidden, [person.id]);
    await f.join(ws, member, "collaborator");
    await f.joinProject(project, member, "viewer");
    // Visible, but the member is not one of its members.
    const notTheirs = await f.createProject(owner, ws, { name: "Not theirs" });
    const assigned = await f.assign(owner, notTheirs, [person.id]);
    const archivedAt = await f.archive(owner, hidden);

    const asOwner = await f.read(
      owner,
      `/people/${person.id}`,
      Math.max(meta.position, assigned.meta.position, archivedAt),
    );
    expect(asOwner.json().data.meta.related_projects).toEqual([
      { id: project.id, name: "Backend hires", status: "Active", workspace_id: ws },
      { id: hidden.id, name: "Confidential", status: "Archived", workspace_id: ws },
      { id: notTheirs.id, name: "Not theirs", status: "Active", workspace_id: ws },
    ]);
    const asMember = await f.read(member, `/people/${person.id}`, archivedAt);
    expect(asMember.json().data.meta.related_projects).toEqual([
      { id: project.id, name: "Backend hires", status: "Active", workspace_id: ws },
    ]);
  });
});
