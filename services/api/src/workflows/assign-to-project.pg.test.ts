import { randomUUID } from "node:crypto";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
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

const { newUser, send, read, createWorkspace, join, createTemplate, createProject, assign, errorOf, setUp } =
  copyFixtures(() => t);

describe("POST /workspaces/{ws}/workflows/{id}/assign_to_project", () => {
  it("copies the template into the project: new stage ids, follow-ups inside the copy, listed as assigned", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const before = await countEvents(t.pool);
    const response = await assign(owner, ws, template.id, project.id);
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/workspaces/${ws}/workflows/${copyId}`);
    const body = response.json();
    expect(body.data).toMatchObject({
      id: copyId,
      type: "workflow",
      attributes: {
        workflow_id: template.id,
        name: "Engineering",
        description: "Hiring engineers",
        assigned_to: "project",
        project_id: project.id,
        project_name: "Backend hires",
        user_id: owner.userId,
      },
    });
    const stages = body.included as Stage[];
    expect(stages.map((stage) => stage.attributes.name)).toEqual(["Sourced", "Contacted", "Interview"]);
    expect(stages.filter((stage) => template.stages.some((s) => s.id === stage.id))).toEqual([]);
    expect(stages[0]?.attributes).toMatchObject({
      on_response_stage_id: stages[2]?.id,
      on_response_stage: "Interview",
    });
    expect(await countEvents(t.pool)).toBe(before + 2);

    const { position } = body.meta;
    const assigned = await read(owner, `/workspaces/${ws}/workflows?assigned_to=project`, position);
    expect(assigned.json().data).toEqual(
      [body.data].map((data) => ({ ...data, attributes: expect.objectContaining(data.attributes) })),
    );
    const templates = await read(owner, `/workspaces/${ws}/workflows?assigned_to=template`, position);
    expect(templates.json().data.map((w: { id: string }) => w.id)).toEqual([template.id]);
    expect(templates.json().included.map((s: Stage) => s.id)).toEqual(template.stages.map((s) => s.id));
    const shown = await read(owner, `/workspaces/${ws}/projects/${project.id}`, position);
    expect(shown.json().data.attributes.workflow_id).toBe(copyId);
    const copy = await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position);
    expect(copy.json().included.map((s: Stage) => s.id)).toEqual(stages.map((s) => s.id));
    expect(copy.json().data.attributes.workflow_id).toBe(template.id);
    const original = await read(owner, `/workspaces/${ws}/workflows/${template.id}`, position);
    expect(original.json().data.attributes.workflow_id).toBe(template.id);
  });

  it("takes the spec's flat body: workspace_id, project_id and id, the URL's template", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const path = `/workspaces/${ws}/workflows/${template.id}/assign_to_project`;
    const elsewhere = await createWorkspace(owner, "Elsewhere");
    const before = await countEvents(t.pool);
    const wrongTemplate = await send(owner, "POST", path, {
      workspace_id: ws,
      project_id: project.id,
      id: randomUUID(),
    });
    expect(wrongTemplate.statusCode).toBe(422);
    expect(errorOf(wrongTemplate)).toEqual({
      detail: "must be the workflow in the URL",
      pointer: "/data/attributes/id",
    });
    const wrongWorkspace = await send(owner, "POST", path, {
      workspace_id: elsewhere,
      project_id: project.id,
      id: template.id,
    });
    expect(wrongWorkspace.statusCode).toBe(422);
    expect(errorOf(wrongWorkspace)).toEqual({
      detail: "must be the workspace in the URL",
      pointer: "/data/attributes/workspace_id",
    });
    const notUuid = await send(owner, "POST", path, { project_id: project.id, id: "seven" });
    expect(errorOf(notUuid)).toEqual({ detail: "must be a UUID", pointer: "/data/attributes/id" });
    expect(await countEvents(t.pool)).toBe(before);

    const assigned = await send(owner, "POST", path, { workspace_id: ws, project_id: project.id, id: template.id });
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json().data).toMatchObject({ id: copyId, attributes: { workflow_id: template.id } });
  });

  it("assigns once: another template is refused at project_id; the same one again changes nothing", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const other = await createTemplate(owner, ws, "Sales");
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const before = await countEvents(t.pool);
    const refused = await assign(owner, ws, other.id, project.id);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      detail: "The project already has a workflow",
      pointer: "/data/attributes/project_id",
    });
    const again = await assign(owner, ws, template.id, project.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(copyId);
    expect(again.json().meta.position).toBe(0);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("a request that recorded the assignment but not the copy is finished by its retry", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    await appendEvents(
      t.store,
      `project-${project.id}`,
      [
        {
          type: "ProjectWorkflowAssigned",
          data: { projectId: project.id, workspaceId: ws, workflowId: copyId, templateId: template.id },
        },
      ],
      { occurredAt: "2026-11-22T12:00:00.000Z", actor: owner.userId },
    );
    const before = await countEvents(t.pool);
    const retried = await assign(owner, ws, template.id, project.id);
    expect(retried.statusCode).toBe(201);
    expect(await countEvents(t.pool)).toBe(before + 1);
    const listed = await read(owner, `/workspaces/${ws}/workflows?assigned_to=project`, retried.json().meta.position);
    expect(listed.json().data.map((w: { id: string }) => w.id)).toEqual([copyId]);
  });

  it("an archived project is read-only", async () => {
    const { owner, ws, template, project } = await setUp();
    await send(owner, "PUT", `/workspaces/${ws}/projects/${project.id}`, { status: "Archived" });
    const before = await countEvents(t.pool);
    const refused = await assign(owner, ws, template.id, project.id);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).detail).toBe("Archived projects: no editing");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses another workspace's project and template (404), a copy (422), a project's viewer (403) or outsider (404), a missing project_id", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    const elsewhere = await createWorkspace(owner, "Elsewhere");
    const foreignProject = await createProject(owner, elsewhere);
    const foreignTemplate = await createTemplate(owner, elsewhere);
    const viewer = await newUser();
    await join(ws, viewer, "viewer");
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const second = await createProject(owner, ws, { name: "Design" });
    const outsider = await newUser();
    await join(ws, outsider, "collaborator");
    await joinProject(t.store, { projectId: second.id, workspaceId: ws }, viewer.userId, "viewer");
    const before = await countEvents(t.pool);

    expect((await assign(owner, ws, template.id, foreignProject.id)).statusCode).toBe(404);
    expect((await assign(owner, ws, foreignTemplate.id, second.id)).statusCode).toBe(404);
    expect((await assign(owner, ws, randomUUID(), second.id)).statusCode).toBe(404);
    const ofCopy = await assign(owner, ws, copyId, second.id);
    expect(ofCopy.statusCode).toBe(422);
    expect(errorOf(ofCopy).detail).toBe("This workflow is a project's copy: assign one of the workspace's templates");
    expect((await assign(viewer, ws, template.id, second.id)).statusCode).toBe(403);
    expect((await assign(outsider, ws, template.id, second.id)).statusCode).toBe(404);
    const missing = await send(owner, "POST", `/workspaces/${ws}/workflows/${template.id}/assign_to_project`, {});
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing)).toEqual({ detail: "This field is required", pointer: "/data/attributes/project_id" });
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe("a project created with a template", () => {
  it("gets its own copy at once: workflow_id names the copy", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const template = await createTemplate(owner, ws);
    const id = randomUUID();
    const response = await send(owner, "POST", `/workspaces/${ws}/projects`, {
      data: {
        type: "projects",
        id,
        attributes: { name: "Backend hires", priority: "High", status: "Active", workflow_id: template.id },
      },
    });
    expect(response.statusCode).toBe(201);
    const copyId = workflowCopyIdOf(id, template.id);
    expect(response.json().data.attributes.workflow_id).toBe(copyId);
    const { position } = response.json().meta;
    expect((await read(owner, `/workspaces/${ws}/projects/${id}`, position)).json().data.attributes.workflow_id).toBe(
      copyId,
    );
    const copy = await read(owner, `/workspaces/${ws}/workflows/${copyId}`, position);
    expect(copy.statusCode).toBe(200);
    expect(copy.json().data.attributes).toMatchObject({
      assigned_to: "project",
      project_id: id,
      project_name: "Backend hires",
    });
  });

  it("an unknown id, another workspace's template or a project's copy is refused at workflow_id", async () => {
    const { owner, ws, template, project, copyId } = await setUp();
    expect((await assign(owner, ws, template.id, project.id)).statusCode).toBe(201);
    const elsewhere = await createWorkspace(owner, "Elsewhere");
    const foreign = await createTemplate(owner, elsewhere);
    const before = await countEvents(t.pool);
    for (const workflowId of [randomUUID(), foreign.id, copyId]) {
      const response = await send(owner, "POST", `/workspaces/${ws}/projects`, {
        name: "Design",
        priority: "Low",
        status: "Active",
        workflow_id: workflowId,
      });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toEqual({
        detail: "must be a workflow template of this workspace",
        pointer: "/data/attributes/workflow_id",
      });
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("an edit does not assign or change the workflow", async () => {
    const { owner, ws, template, project } = await setUp();
    const url = `/workspaces/${ws}/projects/${project.id}`;
    const unassigned = await send(owner, "PUT", url, { workflow_id: template.id });
    expect(unassigned.statusCode).toBe(422);
    expect(errorOf(unassigned)).toEqual({
      detail: "is assigned once, with POST /workspaces/{ws}/workflows/{id}/assign_to_project",
      pointer: "/data/attributes/workflow_id",
    });
    const { data } = (await assign(owner, ws, template.id, project.id)).json();
    const changed = await send(owner, "PUT", url, { workflow_id: randomUUID() });
    expect(errorOf(changed)).toEqual({
      detail: "cannot be changed once assigned",
      pointer: "/data/attributes/workflow_id",
    });
    const same = await send(owner, "PUT", url, { name: "Renamed", workflow_id: data.id });
    expect(same.statusCode).toBe(200);
  });
});
