import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinProject } from "../testing/memberships.ts";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { copyFixtures, type Stage } from "./testing/copy-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const {
  newUser,
  send,
  read,
  createWorkspace,
  join,
  createTemplate,
  createProject,
  assign,
  candidateIn,
  errorOf,
  setUp,
} = copyFixtures(() => t);

describe("editing and removing a project's copy", () => {
  it("edits the copy as a template is edited; the template stays as it was", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const copy = (await assign(owner, ws, template.id, project.id)).json();
    const stages = copy.included as Stage[];
    const edited = await send(owner, "PUT", `/workspaces/${ws}/workflows/${copyId}`, {
      name: "Backend pipeline",
      stages: [
        ...stages.map((s) => ({ id: s.id, name: s.attributes.name, position: s.attributes.position })),
        { position: 3, name: "Offer" },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes).toMatchObject({
      name: "Backend pipeline",
      assigned_to: "project",
      project_name: "Backend hires",
    });
    const { position } = edited.json().meta;
    const shown = await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position);
    expect(shown.json().included.map((s: Stage) => s.attributes.name)).toEqual([
      "Sourced",
      "Contacted",
      "Interview",
      "Offer",
    ]);
    const original = await read(owner, `/workspaces/${ws}/workflows/${template.id}`, position);
    expect(original.json().data.attributes.name).toBe("Engineering");
    expect(original.json().included).toHaveLength(3);
  });

  it("a saved stage may not be dropped, whether or not it holds candidates", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const stages = (await assign(owner, ws, template.id, project.id)).json().included as Stage[];
    const [sourced, contacted, interview] = stages;
    await candidateIn(project.id, ws, contacted?.id ?? "");
    const before = await countEvents(t.pool);
    const keep = (list: (Stage | undefined)[]) =>
      list.flatMap((s) => (s ? [{ id: s.id, name: s.attributes.name, position: s.attributes.position }] : []));
    for (const [list, dropped] of [
      [[sourced, interview], "Contacted"],
      [[sourced, contacted], "Interview"],
    ] as const) {
      const refused = await send(owner, "PUT", `/workspaces/${ws}/workflows/${copyId}`, {
        stages_attributes: [...keep([...list]), { position: 3, name: "Offer" }],
      });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toEqual({
        detail: `Stage ${dropped} is saved and cannot be removed`,
        pointer: "/data/attributes/stages_attributes",
      });
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("is managed as its project is: by the collaborator who created it, not by one who works in it", async () => {
    const owner = await newUser();
    const creator = await newUser();
    const other = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, creator, "collaborator");
    await join(ws, other, "collaborator");
    const template = await createTemplate(owner, ws);
    const project = await createProject(creator, ws);
    const copyId = workflowCopyIdOf(project.id, template.id);
    // The owner assigns it; the copy is still the project's workflow, its creator's to change.
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const before = await countEvents(t.pool);
    // Outside the project, the copy is as unknown as the project.
    expect((await send(other, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Not mine" })).statusCode).toBe(
      404,
    );
    await joinProject(t.store, { projectId: project.id, workspaceId: ws }, other.userId, "collaborator");
    for (const response of [
      await send(other, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Not mine" }),
      await send(other, "DELETE", `/workspaces/${ws}/workflows/${copyId}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).detail).toBe("Your role does not allow changing this workflow");
    }
    expect(await countEvents(t.pool)).toBe(before + 1);
    expect((await send(creator, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Mine" })).statusCode).toBe(
      200,
    );
    expect((await send(creator, "DELETE", `/workspaces/${ws}/workflows/${copyId}`)).statusCode).toBe(200);
  });

  it("an archived project's copy is read-only", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    await send(owner, "PUT", `/workspaces/${ws}/projects/${project.id}`, { status: "Archived" });
    const before = await countEvents(t.pool);
    for (const response of [
      await send(owner, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Renamed" }),
      await send(owner, "DELETE", `/workspaces/${ws}/workflows/${copyId}`),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).detail).toBe("Archived projects: no editing");
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("removing the copy frees the project, which may be given a workflow again", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const removed = await send(owner, "DELETE", `/workspaces/${ws}/workflows/${copyId}`);
    expect(removed.statusCode).toBe(200);
    const { position } = removed.json().meta;
    expect(
      (await read(owner, `/workspaces/${ws}/projects/${project.id}`, position)).json().data.attributes.workflow_id,
    ).toBe(null);
    expect((await read(owner, `/workspaces/${ws}/workflows?assigned_to=project`, position)).json().data).toEqual([]);
    expect((await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/${ws}/workflows/${template.id}`, position)).statusCode).toBe(200);

    const again = await assign(owner, ws, template.id, project.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(copyId);
    const shown = await read(owner, `/workspaces/${ws}/workflows/${copyId}`, again.json().meta.position);
    expect(shown.statusCode).toBe(200);
  });

  it("is refused while the project has people", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const stages = (await assign(owner, ws, template.id, project.id)).json().included as Stage[];
    await candidateIn(project.id, ws, stages[0]?.id ?? "");
    const before = await countEvents(t.pool);
    const refused = await send(owner, "DELETE", `/workspaces/${ws}/workflows/${copyId}`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).detail).toBe("Remove the project's people before removing its workflow");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("removing a template leaves its copies with their projects", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const removed = await send(owner, "DELETE", `/workspaces/${ws}/workflows/${template.id}`);
    expect(removed.statusCode).toBe(200);
    const { position } = removed.json().meta;
    expect((await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position)).statusCode).toBe(200);
    expect(
      (await read(owner, `/workspaces/${ws}/projects/${project.id}`, position)).json().data.attributes.workflow_id,
    ).toBe(copyId);
  });

  it("a removed project's copy goes with it", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const removed = await send(owner, "DELETE", `/workspaces/${ws}/projects/${project.id}`);
    const { position } = removed.json().meta;
    expect((await read(owner, `/workspaces/${ws}/workflows?assigned_to=project`, position)).json().data).toEqual([]);
    expect((await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position)).statusCode).toBe(404);
    expect((await send(owner, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Again" })).statusCode).toBe(404);
    expect((await send(owner, "DELETE", `/workspaces/${ws}/workflows/${copyId}`)).statusCode).toBe(404);
  });
});

describe("GET …/workflows?assigned_to=project", () => {
  it("narrows copies by their project's status, and `me` lists every workspace's", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner, "Other");
    const template = await createTemplate(owner, ws);
    const elsewhere = await createTemplate(owner, other, "Sales");
    const active = await createProject(owner, ws, { name: "Active one" });
    const archived = await createProject(owner, ws, { name: "Archived one" });
    const inOther = await createProject(owner, other, { name: "Other one" });
    // Oldest first: each copy is made a minute after the one before.
    for (const [minute, [workspace, from, to]] of [
      [ws, template.id, active.id],
      [ws, template.id, archived.id],
      [other, elsewhere.id, inOther.id],
    ].entries()) {
      t.clock.now = new Date(Date.UTC(2026, 10, 22, 12, minute + 1));
      expect((await assign(owner, workspace ?? "", from ?? "", to ?? "")).statusCode).toBe(201);
    }
    t.clock.now = new Date("2026-11-22T12:00:00.000Z");
    const { position } = (
      await send(owner, "PUT", `/workspaces/${ws}/projects/${archived.id}`, { status: "Archived" })
    ).json().meta;

    const projectsOf = async (url: string) =>
      (await read(owner, url, position))
        .json()
        .data.map((w: { attributes: { project_name: string } }) => w.attributes.project_name);
    expect(await projectsOf(`/workspaces/${ws}/workflows?assigned_to=project`)).toEqual(["Active one", "Archived one"]);
    expect(
      await projectsOf(`/workspaces/${ws}/workflows?assigned_to=project&by_status[]=Active&by_status[]=Inactive`),
    ).toEqual(["Active one"]);
    expect(await projectsOf(`/workspaces/${ws}/workflows?assigned_to=project&by_status[]=Archived`)).toEqual([
      "Archived one",
    ]);
    expect(await projectsOf("/workspaces/me/workflows?assigned_to=project")).toEqual([
      "Active one",
      "Archived one",
      "Other one",
    ]);
    const templates = await read(owner, "/workspaces/me/workflows?assigned_to=template", position);
    expect(templates.json().data.map((w: { id: string }) => w.id)).toEqual([template.id, elsewhere.id]);
    expect(templates.json().links.self).toBe("/api/v1/workspaces/me/workflows?assigned_to=template&limit=9999&page=1");
  });

  it("a hidden project's copy shows only to the project's creator", async () => {
    const owner = await newUser();
    const manager = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, manager, "manager");
    const template = await createTemplate(owner, ws);
    const hidden = await createProject(manager, ws, { name: "Secret", visible: false });
    const response = await assign(manager, ws, template.id, hidden.id);
    expect(response.statusCode).toBe(201);
    const { position } = response.json().meta;
    const copyId = workflowCopyIdOf(hidden.id, template.id);
    expect((await read(manager, `/workspaces/${ws}/workflows?assigned_to=project`, position)).json().data).toHaveLength(
      1,
    );
    expect((await read(owner, `/workspaces/${ws}/workflows?assigned_to=project`, position)).json().data).toEqual([]);
    expect((await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position)).statusCode).toBe(404);
    expect((await send(owner, "PUT", `/workspaces/${ws}/workflows/${copyId}`, { name: "Mine" })).statusCode).toBe(404);
  });
});
