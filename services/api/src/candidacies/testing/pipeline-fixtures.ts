// Set-up for the pipeline's route tests: users, workspaces, people and projects with a workflow
// copy, made as their own commands would make them.
import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { emptyProfile, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { expect } from "vitest";
import { joinProject } from "../../testing/memberships.ts";
import { type SignedIn, signUpUser, type TestApp } from "../../testing/test-app.ts";

export interface PipelineProject {
  id: string;
  workspaceId: string;
  stages: WorkflowStage[];
  position: number;
  /** The project's copy of its workflow; null without one. */
  workflowId: string | null;
}

export function pipelineFixtures(t: TestApp, emailPrefix: string) {
  let users = 0;
  const at = () => t.clock.now.toISOString();

  const send = (user: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, key?: string) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...user.headers,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { "idempotency-key": key } : {}),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  const read = (user: SignedIn, url: string, position = 0) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1${url}`,
      headers: { ...user.headers, "x-min-position": String(position) },
    });

  return {
    send,
    read,
    newUser: () => signUpUser(t.app, `${emailPrefix}${++users}@example.com`),

    async createWorkspace(user: SignedIn, name = "Acme"): Promise<string> {
      const response = await send(user, "POST", "/workspaces", { data: { type: "workspace", attributes: { name } } });
      expect(response.statusCode).toBe(201);
      return response.json().data.id;
    },

    /** Makes `user` a member of the workspace, as an accepted invitation will. */
    async join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
      const appended = await appendEvents(
        t.store,
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
        { occurredAt: at(), actor: user.userId },
      );
      return appended.position;
    },

    /** Makes `user` a member of the project, as an accepted invitation to it will. */
    joinProject: (project: { id: string; workspaceId: string }, user: SignedIn, role: ProjectRole) =>
      joinProject(t.store, { projectId: project.id, workspaceId: project.workspaceId }, user.userId, role),

    /** Puts a person in `owner`'s pool (and a workspace), as an import would. */
    async addPerson(owner: SignedIn, fields: Partial<PersonProfile>, workspaceId: string | null = null) {
      const id = randomUUID();
      const profile = { ...emptyProfile(), ...fields };
      const { position } = await appendEvents(
        t.store,
        `person-${id}`,
        [
          {
            type: "PersonAdded",
            data: { personId: id, ownerId: owner.userId, profile, workspaceId, source: "import" },
          },
        ],
        { occurredAt: at(), actor: owner.userId, expectedRevision: "no_stream" },
      );
      return { id, position };
    },

    /** A project of the workspace with its own copy of a three-stage workflow, or none. */
    async createProject(
      owner: SignedIn,
      workspaceId: string,
      options: {
        name?: string;
        visible?: boolean;
        workflow?: boolean;
        stageNames?: string[];
        /** The sequence each stage starts, by stage position. */
        sequences?: Readonly<Record<number, string>>;
        /** The on-response stage each stage names, by stage position. */
        onResponse?: Readonly<Record<number, number>>;
      } = {},
    ): Promise<PipelineProject> {
      const id = randomUUID();
      const copyId = randomUUID();
      const names = options.stageNames ?? ["Sourced", "Contacted", "Interview"];
      const ids = names.map(() => randomUUID());
      const stages = names.map((name, position) => {
        const onResponse = options.onResponse?.[position];
        return {
          id: ids[position] ?? randomUUID(),
          name,
          position,
          description: name,
          sequenceId: options.sequences?.[position] ?? null,
          onResponseStageId: onResponse === undefined ? null : (ids[onResponse] ?? null),
          onResponseStagePosition: onResponse ?? null,
        };
      });
      const created = await appendEvents(
        t.store,
        `project-${id}`,
        [
          {
            type: "ProjectCreated",
            data: {
              projectId: id,
              workspaceId,
              userId: owner.userId,
              name: options.name ?? "Backend hires",
              description: null,
              priority: "High",
              status: "Active",
              startDate: null,
              deadline: null,
              visible: options.visible ?? true,
              workflowId: null,
            },
          },
        ],
        { occurredAt: at(), actor: owner.userId },
      );
      if (options.workflow === false)
        return { id, workspaceId, stages: [], position: created.position, workflowId: null };
      await appendEvents(
        t.store,
        `workflow-${copyId}`,
        [
          {
            type: "WorkflowCreated",
            data: {
              workflowId: copyId,
              workspaceId,
              userId: owner.userId,
              name: "Engineering",
              description: "",
              stages,
              projectId: id,
            },
          },
        ],
        { occurredAt: at(), actor: owner.userId },
      );
      const assigned = await appendEvents(
        t.store,
        `project-${id}`,
        [
          {
            type: "ProjectWorkflowAssigned",
            data: { projectId: id, workspaceId, workflowId: copyId, templateId: randomUUID() },
          },
        ],
        { occurredAt: at(), actor: owner.userId },
      );
      return { id, workspaceId, stages, position: assigned.position, workflowId: copyId };
    },

    async archive(owner: SignedIn, project: PipelineProject) {
      const appended = await appendEvents(
        t.store,
        `project-${project.id}`,
        [{ type: "ProjectArchived", data: { projectId: project.id, workspaceId: project.workspaceId } }],
        { occurredAt: at(), actor: owner.userId },
      );
      return appended.position;
    },

    /** Assigns the people to the project through the API and expects it to work. */
    async assign(user: SignedIn, project: PipelineProject, personIds: string[], stageId?: string) {
      const response = await send(
        user,
        "POST",
        `/workspaces/${project.workspaceId}/projects/${project.id}/assign_people`,
        {
          people_attributes: personIds.map((person_id) => ({ person_id, ...(stageId ? { stage_id: stageId } : {}) })),
        },
      );
      expect(response.statusCode).toBe(200);
      return response.json() as {
        data: { attributes: Record<string, number> };
        meta: { position: number; person_errors: { person_id: string; reason: string }[] };
      };
    },

    /** A workspace of `owner` with a project and one candidate in its first stage. */
    async withCandidate(owner: SignedIn) {
      const ws = await this.createWorkspace(owner);
      const project = await this.createProject(owner, ws);
      const person = await this.addPerson(
        owner,
        { first_name: "Grace", last_name: "Hopper", email: "grace@navy.mil" },
        ws,
      );
      const { meta } = await this.assign(owner, project, [person.id]);
      return { ws, project, person, position: meta.position, url: candidateUrl(project, person.id) };
    },
  };
}

/** A candidate's path under its project. */
export const candidateUrl = (project: PipelineProject, personId: string) =>
  `/projects/${project.id}/project_people/${candidacyIdOf(project.id, personId)}`;

export function stageOf(project: PipelineProject, index: number) {
  const stage = project.stages[index];
  if (!stage) throw new Error(`no stage ${index}`);
  return stage;
}

export type PipelineFixtures = ReturnType<typeof pipelineFixtures>;
