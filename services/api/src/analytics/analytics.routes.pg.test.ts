import { randomUUID } from "node:crypto";
import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `analyst${++emails}@example.com`);
/** The last position a write answered: reads wait for read models to reach it. */
let position = 0;

async function send(user: SignedIn, method: "POST" | "PUT", url: string, payload: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
  position = Math.max(position, response.json().meta?.position ?? 0);
  return response;
}

const read = (user: SignedIn, url: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...user.headers, "x-min-position": String(position) },
  });

async function createWorkspace(user: SignedIn, name: string): Promise<string> {
  const response = await send(user, "POST", "/workspaces", { data: { type: "workspace", attributes: { name } } });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

async function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  const appended = await appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
  );
  position = Math.max(position, appended.position);
}

let minutes = 0;
/** Creates a project a minute after the last one, so "newest first" is a known order. */
async function createProject(user: SignedIn, workspaceId: string, name: string, fields: Record<string, unknown> = {}) {
  t.clock.now = new Date(Date.UTC(2026, 10, 22, 12, ++minutes));
  const response = await send(user, "POST", `/workspaces/${workspaceId}/projects`, {
    data: { type: "project", attributes: { name, priority: "Medium", status: "Active", ...fields } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/**
 * Candidacies as their projection leaves them: a read-model precondition written directly, one row
 * per response given (null: none yet), all in `stageId`.
 */
async function addCandidacies(
  workspaceId: string,
  projectId: string,
  stageId: string,
  responses: (CandidacyResponse | null)[],
) {
  const at = new Date("2026-11-22T12:00:00.000Z");
  await t.db
    .insertInto("read.candidacies")
    .values(
      responses.map((response) => ({
        id: randomUUID(),
        project_id: projectId,
        workspace_id: workspaceId,
        person_id: randomUUID(),
        stage_id: stageId,
        status: "Sourced",
        response,
        stage_entered_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

const header = "Project,Sourced,Contacted,Replies,Interested,Not Interested,Follow Up,Open Rate\r\n";

/** A workspace whose names need quoting and escaping, with candidacies in two stages. */
async function dashboard() {
  const owner = await newUser();
  const workspaceId = await createWorkspace(owner, `Zoë's "Team"`);
  const formula = await createProject(owner, workspaceId, '=HYPERLINK("x")');
  const sales = await createProject(owner, workspaceId, 'Sales, "EMEA"');
  const old = await createProject(owner, workspaceId, "Old");
  expect(
    (await send(owner, "PUT", `/workspaces/${workspaceId}/projects/${old}`, { status: "Archived" })).statusCode,
  ).toBe(200);
  const sourced = randomUUID();
  const contacted = randomUUID();
  await addCandidacies(workspaceId, formula, sourced, ["interested", "interested", null]);
  await addCandidacies(workspaceId, formula, contacted, ["follow_up"]);
  await addCandidacies(workspaceId, sales, sourced, ["not_interested", "interested", "follow_up", "follow_up", null]);
  await addCandidacies(workspaceId, old, contacted, [null, null]);
  return { owner, workspaceId, formula, sales, old, stages: { sourced, contacted } };
}

describe("GET /workspaces/{id}/export_analytics", () => {
  it("answers one CSV row per project, Current and Archived, newest first, names escaped and quoted", async () => {
    const { owner, workspaceId } = await dashboard();
    const response = await read(owner, `/workspaces/${workspaceId}/export_analytics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Zo_'s _Team__analytics.csv"; filename*=UTF-8''Zo%C3%AB%27s%20%22Team%22_analytics.csv`,
    );
    expect(response.body).toBe(
      header +
        "Old,2,0,0,0,0,0,0\r\n" +
        `"Sales, ""EMEA""",5,0,0,1,1,2,0\r\n` +
        `"'=HYPERLINK(""x"")",4,0,0,2,0,1,0\r\n`,
    );
  });

  it("leaves out another member's hidden project and answers the header alone for a workspace without projects", async () => {
    const owner = await newUser();
    const workspaceId = await createWorkspace(owner, "Quiet");
    const collaborator = await newUser();
    await join(workspaceId, collaborator, "collaborator");
    await createProject(collaborator, workspaceId, "Secret", { visible: false });
    expect((await read(owner, `/workspaces/${workspaceId}/export_analytics`)).body).toBe(header);
    expect((await read(collaborator, `/workspaces/${workspaceId}/export_analytics`)).body).toBe(
      `${header}Secret,0,0,0,0,0,0,0\r\n`,
    );
  });

  it("answers any member, a viewer too, and no one else", async () => {
    const { workspaceId } = await dashboard();
    const viewer = await newUser();
    await join(workspaceId, viewer, "viewer");
    expect((await read(viewer, `/workspaces/${workspaceId}/export_analytics`)).statusCode).toBe(200);
    const stranger = await newUser();
    const refused = await read(stranger, `/workspaces/${workspaceId}/export_analytics`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0]).toMatchObject({ code: "NOT_FOUND", detail: "Workspace not found" });
    expect((await read(stranger, "/workspaces/not-a-uuid/export_analytics")).statusCode).toBe(404);
  });
});

describe("GET /workspaces/me/export_analytics", () => {
  it("answers every project the user can see in each of their workspaces, newest first, as analytics.csv", async () => {
    const { owner, workspaceId } = await dashboard();
    const second = await createWorkspace(owner, "Second");
    const collaborator = await newUser();
    await join(second, collaborator, "collaborator");
    await createProject(collaborator, second, "Their secret", { visible: false });
    await createProject(owner, second, "Newest");
    const elsewhere = await newUser();
    await createProject(elsewhere, await createWorkspace(elsewhere, "Not mine"), "Foreign");

    const response = await read(owner, "/workspaces/me/export_analytics");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="analytics.csv"; filename*=UTF-8''analytics.csv`,
    );
    expect(response.body).toBe(
      header +
        "Newest,0,0,0,0,0,0,0\r\n" +
        "Old,2,0,0,0,0,0,0\r\n" +
        `"Sales, ""EMEA""",5,0,0,1,1,2,0\r\n` +
        `"'=HYPERLINK(""x"")",4,0,0,2,0,1,0\r\n`,
    );
    expect((await read(owner, `/workspaces/${workspaceId}/export_analytics`)).body).not.toContain("Newest");
    expect((await read(await newUser(), "/workspaces/me/export_analytics")).body).toBe(header);
  });
});

describe("GET /workspaces/{ws}/projects/{id}/export_analytics", () => {
  it("answers the project's own row, named after it", async () => {
    const { owner, workspaceId, formula } = await dashboard();
    const response = await read(owner, `/workspaces/${workspaceId}/projects/${formula}/export_analytics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="=HYPERLINK(_x_)_analytics.csv"; filename*=UTF-8''%3DHYPERLINK%28%22x%22%29_analytics.csv`,
    );
    expect(response.body).toBe(`${header}"'=HYPERLINK(""x"")",4,0,0,2,0,1,0\r\n`);
  });

  it("takes `me` for the project's own workspace", async () => {
    const { owner, formula, stages } = await dashboard();
    const url = `/workspaces/me/projects/${formula}/export_analytics`;
    const response = await read(owner, url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${header}"'=HYPERLINK(""x"")",4,0,0,2,0,1,0\r\n`);
    // With a stage, the messaging analytics of its payloads (it has none here).
    expect((await read(owner, `${url}?stage_id=${stages.contacted}`)).body).toBe(
      "Name,Email,Status,Last Step Sent,Last Sent Date,Next Date,Time Zone,Replied,Bounced,Opened\r\n",
    );
    expect((await read(await newUser(), url)).statusCode).toBe(404);
  });

  it("knows no project to a stranger, under another workspace, or hidden by another member", async () => {
    const { owner, workspaceId, formula } = await dashboard();
    const stranger = await newUser();
    const refused = await read(stranger, `/workspaces/${workspaceId}/projects/${formula}/export_analytics`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0]).toMatchObject({ code: "NOT_FOUND", detail: "Project not found" });
    const elsewhere = await createWorkspace(owner, "Elsewhere");
    expect((await read(owner, `/workspaces/${elsewhere}/projects/${formula}/export_analytics`)).statusCode).toBe(404);
    const collaborator = await newUser();
    await join(workspaceId, collaborator, "collaborator");
    const hidden = await createProject(collaborator, workspaceId, "Secret", { visible: false });
    expect((await read(owner, `/workspaces/${workspaceId}/projects/${hidden}/export_analytics`)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/me/projects/${hidden}/export_analytics`)).statusCode).toBe(404);
  });
});

describe("meta.stats on project documents", () => {
  it("carries each project's counts on the list and on the project itself", async () => {
    const { owner, workspaceId, formula, sales, old } = await dashboard();
    const zeros = { contacted: 0, replies: 0, open_rate: 0 };
    const expected = {
      [formula]: { ...zeros, sourced: 4, interested: 2, not_interested: 0, follow_up: 1 },
      [sales]: { ...zeros, sourced: 5, interested: 1, not_interested: 1, follow_up: 2 },
      [old]: { ...zeros, sourced: 2, interested: 0, not_interested: 0, follow_up: 0 },
    };
    const listed = await read(owner, `/workspaces/${workspaceId}/projects?limit=50`);
    expect(listed.statusCode).toBe(200);
    const stats = Object.fromEntries(
      listed.json().data.map((project: { id: string; meta: { stats: unknown } }) => [project.id, project.meta.stats]),
    );
    expect(stats).toEqual(expected);
    const everywhere = await read(owner, "/workspaces/me/projects?limit=50");
    expect(everywhere.json().data.find((project: { id: string }) => project.id === sales).meta.stats).toEqual(
      expected[sales],
    );
    const one = await read(owner, `/workspaces/${workspaceId}/projects/${formula}`);
    expect(one.json().data.meta.stats).toEqual(expected[formula]);
  });
});
