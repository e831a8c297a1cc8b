import { randomUUID } from "node:crypto";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { expect } from "vitest";
import { type SignedIn, signUpUser, type TestApp } from "../../testing/test-app.ts";

export interface Stage {
  id: string;
  attributes: { name: string; position: number; on_response_stage_id: string | null };
}

/** What the tests of projects' copies share, on the app `app()` answers once it has started. */
export function copyFixtures(app: () => TestApp) {
  let emails = 0;
  const newUser = () => signUpUser(app().app, `copier${++emails}@example.com`);

  function send(user: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
    return app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...user.headers,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  }

  function read(user: SignedIn, url: string, position = 0) {
    return app().app.inject({
      method: "GET",
      url: `/api/v1${url}`,
      headers: { ...user.headers, "x-min-position": String(position) },
    });
  }

  async function createWorkspace(user: SignedIn, name = "Acme"): Promise<string> {
    const response = await send(user, "POST", "/workspaces", { data: { type: "workspace", attributes: { name } } });
    expect(response.statusCode).toBe(201);
    return response.json().data.id;
  }

  function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
    return appendEvents(
      app().store,
      `workspace-${workspaceId}`,
      [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
      { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
    );
  }

  /** A template whose first stage follows up to the last. */
  async function createTemplate(user: SignedIn, ws: string, name = "Engineering") {
    const response = await send(user, "POST", `/workspaces/${ws}/workflows`, {
      name,
      description: "Hiring engineers",
      stages_attributes: [
        { position: 0, name: "Sourced", on_response_stage_position: 2 },
        { position: 1, name: "Contacted" },
        { position: 2, name: "Interview" },
      ],
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json().data.id as string, stages: response.json().included as Stage[] };
  }

  async function createProject(user: SignedIn, ws: string, fields: Record<string, unknown> = {}) {
    const response = await send(user, "POST", `/workspaces/${ws}/projects`, {
      data: { type: "projects", attributes: { name: "Backend hires", priority: "High", status: "Active", ...fields } },
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json().data.id as string, position: response.json().meta.position as number };
  }

  const assign = (user: SignedIn, ws: string, templateId: string, projectId: string) =>
    send(user, "POST", `/workspaces/${ws}/workflows/${templateId}/assign_to_project`, {
      data: { type: "workflows", attributes: { project_id: projectId } },
    });

  /** A candidate in the project's stage, as the candidacies read model will hold one. */
  async function candidateIn(projectId: string, workspaceId: string, stageId: string) {
    const at = new Date("2026-11-22T12:00:00.000Z");
    await app()
      .db.insertInto("read.candidacies")
      .values({
        id: randomUUID(),
        project_id: projectId,
        workspace_id: workspaceId,
        person_id: randomUUID(),
        stage_id: stageId,
        status: "Contacted",
        response: null,
        stage_entered_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  const errorOf = (response: { json(): { errors: { detail: string; source?: { pointer?: string } }[] } }) => {
    const [error] = response.json().errors;
    return { detail: error?.detail, pointer: error?.source?.pointer };
  };

  /** A workspace with a template and a project, and the copy the project would get. */
  async function setUp() {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const template = await createTemplate(owner, ws);
    const project = await createProject(owner, ws);
    return { owner, ws, template, project, copyId: workflowCopyIdOf(project.id, template.id) };
  }

  return {
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
  };
}
