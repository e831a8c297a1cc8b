import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  type PipelineProject,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "payloads");
});
afterAll(async () => {
  await t.close();
});

async function call(user: SignedIn, method: "GET" | "PUT" | "POST", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: payload === undefined ? user.headers : { ...user.headers, "content-type": "application/json" },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Once the runs the reactions start are in the read models. */
async function settled() {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ position: string }>(
    "select max(global_position)::text as position from events",
  );
  await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 5000);
}

async function projectWithCandidates(
  owner: SignedIn,
): Promise<{ ws: string; project: PipelineProject; people: string[] }> {
  const ws = await f.createWorkspace(owner);
  const created = await call(owner, "POST", `/api/v1/workspaces/${ws}/sequences`, {
    name: "Backend outreach",
    payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
    steps: [{ template_subject: "Hello {{first_name}}", template_body: "<p>{{pitch}}</p>" }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const project = await f.createProject(owner, ws, { sequences: { 0: created.json().data.id } });
  const people = [];
  for (const [first_name, last_name] of [
    ["Grace", "Hopper"],
    ["Ada", "Lovelace"],
    ["Alan", "Turing"],
  ] as const) {
    people.push((await f.addPerson(owner, { first_name, last_name }, ws)).id);
  }
  await f.assign(owner, project, people);
  await settled();
  return { ws, project, people };
}

const listUrl = (ws: string, project: PipelineProject, query = "") =>
  `/api/v1/workspaces/${ws}/projects/${project.id}/payloads${query}`;

describe("GET /workspaces/{ws}/projects/{p}/payloads", () => {
  it("lists one payload per candidate of the stage, with the status table's words, by name", async () => {
    const owner = await f.newUser();
    const { ws, project, people } = await projectWithCandidates(owner);
    const listed = await call(owner, "GET", listUrl(ws, project));
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json();
    expect(body.meta.pages).toEqual({ current: 1, total: 1 });
    expect(body.data.map((payload: { attributes: { last_name: string } }) => payload.attributes.last_name)).toEqual([
      "Hopper",
      "Lovelace",
      "Turing",
    ]);
    expect(body.data[0]).toMatchObject({
      type: "payload",
      attributes: {
        person_id: people[0],
        stage_id: stageOf(project, 0).id,
        status: "pending",
        empty_count: 1,
        button: null,
        event: "none",
        payload_values: { data: { first_name: "Grace", last_name: "Hopper" } },
        processor: { status: "pending", total_steps: 1, last_step_sent_position: 0 },
      },
      relationships: { project_person: { data: { type: "project_person" } } },
    });
  });

  it("filters by stage, status word and name, and leaves out a candidate who left the stage", async () => {
    const owner = await f.newUser();
    const { ws, project, people } = await projectWithCandidates(owner);
    const names = async (query: string) => {
      const listed = await call(owner, "GET", listUrl(ws, project, query));
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json().data.map((payload: { attributes: { first_name: string } }) => payload.attributes.first_name);
    };
    expect(await names(`?by_stages[]=${stageOf(project, 1).id}`)).toEqual([]);
    expect(await names("?by_status[]=pending&search_by=lovel")).toEqual(["Ada"]);
    expect(await names("?by_status[]=queue")).toEqual([]);

    const moved = await call(owner, "PUT", `/api/v1${candidateUrl(project, people[2] ?? "")}/move`, {
      stage_id: stageOf(project, 1).id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await settled();
    expect(await names("")).toEqual(["Grace", "Ada"]);
  });

  it("is hidden from those who do not reach the project, and refuses unknown filter words", async () => {
    const owner = await f.newUser();
    const { ws, project } = await projectWithCandidates(owner);
    const stranger = await f.newUser();
    expect((await call(stranger, "GET", listUrl(ws, project))).statusCode).toBe(404);
    const otherWs = await f.createWorkspace(owner);
    expect((await call(owner, "GET", listUrl(otherWs, project))).statusCode).toBe(404);
    const refused = await call(owner, "GET", listUrl(ws, project, "?by_status[]=sent"));
    expect(refused.statusCode).toBe(422);
  });

  it("answers the same runs as sequence processors, with the spec's fields", async () => {
    const owner = await f.newUser();
    const { ws, project, people } = await projectWithCandidates(owner);
    const listed = await call(
      owner,
      "GET",
      `/api/v1/workspaces/${ws}/projects/${project.id}/sequence_processors?by_status[]=pending`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const [first] = listed.json().data;
    expect(listed.json().data).toHaveLength(3);
    expect(first).toMatchObject({
      type: "sequence_processor",
      attributes: {
        status: "pending",
        total_steps: 1,
        last_step_sent_position: 0,
        last_step_sent_date: null,
        project_person_payload_id: first.id,
        payload_values: { data: { first_name: "Grace" } },
      },
      relationships: { stage: { data: { id: stageOf(project, 0).id, type: "stage" } } },
    });
    expect(people).toHaveLength(3);
  });
});
