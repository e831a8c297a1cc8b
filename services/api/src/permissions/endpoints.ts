// Every endpoint that reads or changes a workspace's or a project's data, with what the permission
// table (services/domain/src/permissions/permission-table.ts) says each standing gets from it.
// The expectations are worked out from the table, never written out by hand, so a change to the
// table changes them, and an endpoint that strays from the table fails.
import { randomUUID } from "node:crypto";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import {
  assignableProjectRoles,
  mayInProject,
  mayInWorkspace,
  mayReachProject,
  type ProjectAction,
  type WorkspaceAction,
} from "@hirestream/domain/permissions/permission-table.ts";
import { candidateUrl, type PipelineFixtures } from "../candidacies/pipeline-fixtures.ts";
import { multipart } from "../people/import/import-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import type { PermissionWorld, Standing, World } from "./permission-world.ts";

export type Status = "2xx" | 403 | 404;

/** What a call must answer: a status and, for a list, whether the world's project is in it. */
export interface Expected {
  status: Status;
  listed?: boolean;
}

interface Answer {
  statusCode: number;
  body: string;
}

export interface Endpoint {
  name: string;
  /** Changes something: a refusal must append nothing. */
  writes: boolean;
  expected(standing: Standing, visible: boolean): Expected;
  /** Makes the call as the world's actor. `target` is what `prepare` made, when it did. */
  call(world: World, target: string): Promise<Answer>;
  /** For a call that uses up what it acts on (removes, archives): a target of its own, made by the owner. */
  prepare?(world: World): Promise<string>;
  /** For a list: the text that, in the answer, says the world's project is listed. */
  listedBy?(world: World): string;
}

const reaches = (standing: Standing, visible: boolean) => mayReachProject(standing, { visible });

/** Someone outside the workspace learns nothing of it (404); a role without the power is refused (403). */
const inWorkspace =
  (action: WorkspaceAction) =>
  (standing: Standing): Expected => {
    if (standing.workspaceRole === undefined) return { status: 404 };
    return { status: mayInWorkspace(standing.workspaceRole, action) ? "2xx" : 403 };
  };

/** Someone the project is unknown to learns nothing of it (404); a role without the power is refused (403). */
const inProject =
  (action: ProjectAction) =>
  (standing: Standing, visible: boolean): Expected => {
    if (!reaches(standing, visible)) return { status: 404 };
    return { status: mayInProject(standing, action) ? "2xx" : 403 };
  };

/** Something every member of the workspace reads (its templates, say); to anyone else it is unknown. */
const workspaceWide = (standing: Standing): Expected =>
  standing.workspaceRole === undefined ? { status: 404 } : { status: "2xx", listed: true };

/** A list of the workspace's: for its members, naming the project only to those it reaches. */
const workspaceListing = (standing: Standing, visible: boolean): Expected =>
  standing.workspaceRole === undefined ? { status: 404 } : { status: "2xx", listed: reaches(standing, visible) };

/**
 * A project's copy of a workflow is managed as the project is edited. To a role that manages no
 * workflows at all, an unknown copy is refused as any workflow is (403), so the answer tells nothing.
 */
const onCopy = (standing: Standing, visible: boolean): Expected => {
  const role = standing.workspaceRole;
  if (role === undefined) return { status: 404 };
  if (reaches(standing, visible)) return { status: mayInProject(standing, "project.edit") ? "2xx" : 403 };
  return { status: mayInWorkspace(role, "workflows.create") ? 404 : 403 };
};

/** Giving someone a project role: managing the project's members, and a role the actor may give. */
const givingProjectRole =
  (role: ProjectRole) =>
  (standing: Standing, visible: boolean): Expected => {
    if (!reaches(standing, visible)) return { status: 404 };
    const allowed = mayInProject(standing, "project.members.manage") && assignableProjectRoles(standing).includes(role);
    return { status: allowed ? "2xx" : 403 };
  };

/** Importing into a project adds people to its workspace too, which is the workspace role's to allow. */
const importInto = (standing: Standing, visible: boolean): Expected => {
  const byProject = inProject("pipeline.work")(standing, visible);
  if (byProject.status !== "2xx" || standing.workspaceRole === undefined) return byProject;
  return { status: mayInWorkspace(standing.workspaceRole, "people.add") ? "2xx" : 403 };
};

export function endpoints(t: TestApp, f: PipelineFixtures, world: PermissionWorld): Endpoint[] {
  const get = (w: World, url: string) => f.read(w.actor, url);
  const ws = (w: World) => `/workspaces/${w.workspaceId}`;
  const projectUrl = (w: World, id = w.project.id) => `${ws(w)}/projects/${id}`;
  const freshProject = async (w: World, options: { workflow?: boolean } = {}) => {
    const project = await world.newProject(w, { visible: w.project.visible, ...options });
    await world.settle();
    return project.id;
  };

  const newTemplate = async (w: World) => {
    const answer = await f.send(w.owner, "POST", `${ws(w)}/workflows`, {
      data: {
        type: "workflows",
        attributes: {
          name: `Template ${randomUUID()}`,
          stages_attributes: [{ name: "A" }, { name: "B" }, { name: "C" }],
        },
      },
    });
    await world.settle();
    return String(answer.json().data.id);
  };
  /** A new member of the workspace and the project, both as viewer: the URL that names them in the project. */
  const projectViewer = async (w: World) => {
    const member = await f.newUser();
    await f.join(w.workspaceId, member, "viewer");
    await f.joinProject(w.project, member, "viewer");
    await world.settle();
    return `/projects/${w.project.id}/project_users/${projectUserIdOf(w.project.id, member.userId)}`;
  };
  const csvUpload = (w: World, fields: { name: string; value: string }[]) => {
    const { payload, contentType } = multipart([
      ...fields,
      {
        name: "data[file]",
        value: `first_name,last_name,email\nNew,Person,${randomUUID()}@example.com`,
        filename: "people.csv",
      },
    ]);
    return t.app.inject({
      method: "POST",
      url: "/api/v1/people/import_csv",
      headers: { ...w.actor.headers, "content-type": contentType },
      payload,
    });
  };

  return [
    // Anyone signed in.
    {
      name: "GET /workspaces",
      writes: false,
      // Answered to anyone, naming the workspace to its members only.
      expected: (standing) => ({ status: "2xx", listed: standing.workspaceRole !== undefined }),
      call: (w) => get(w, "/workspaces?limit=50"),
      listedBy: (w) => w.workspaceId,
    },
    {
      name: "POST /workspaces",
      writes: true,
      expected: () => ({ status: "2xx" }),
      call: (w) =>
        f.send(w.actor, "POST", "/workspaces", { data: { type: "workspace", attributes: { name: "Mine" } } }),
    },

    // The workspace's own.
    {
      name: "GET /workspaces/{id}",
      writes: false,
      expected: inWorkspace("workspace.read"),
      call: (w) => get(w, ws(w)),
    },
    {
      name: "PUT /workspaces/{id}",
      writes: true,
      expected: inWorkspace("workspace.update"),
      call: (w) => f.send(w.actor, "PUT", ws(w), { name: `Renamed ${randomUUID()}` }),
    },
    {
      name: "POST /invitations to the workspace",
      writes: true,
      expected: inWorkspace("workspace.members.manage"),
      call: (w) =>
        f.send(w.actor, "POST", "/invitations", {
          user_to_email: `${randomUUID()}@example.com`,
          invitable_type: "Workspace",
          invitable_id: w.workspaceId,
          workspace_role: "collaborator",
        }),
    },
    {
      name: "DELETE /workspaces/{id}/workspace_users/{user}",
      writes: true,
      expected: inWorkspace("workspace.members.manage"),
      prepare: async (w) => {
        const member = await f.newUser();
        await f.join(w.workspaceId, member, "viewer");
        await world.settle();
        return member.userId;
      },
      call: (w, userId) => f.send(w.actor, "DELETE", `${ws(w)}/workspace_users/${userId}`),
    },
    {
      name: "GET /workspaces/{id}/people",
      writes: false,
      expected: inWorkspace("people.read"),
      call: (w) => get(w, `${ws(w)}/people`),
    },
    {
      name: "PUT /people/{id}",
      writes: true,
      expected: inWorkspace("people.edit"),
      call: (w) =>
        f.send(w.actor, "PUT", `/people/${w.spareId}`, {
          data: { type: "people", attributes: { title: `Title ${randomUUID().slice(0, 8)}` } },
        }),
    },
    {
      name: "POST /people/import_csv into the workspace",
      writes: true,
      expected: inWorkspace("people.add"),
      call: (w) => csvUpload(w, [{ name: "data[workspace_id]", value: w.workspaceId }]),
    },
    {
      name: "GET /workspaces/{id}/workflows (templates)",
      writes: false,
      expected: workspaceWide,
      call: (w) => get(w, `${ws(w)}/workflows?assigned_to=template`),
      listedBy: (w) => w.templateId,
    },
    {
      name: "GET /workspaces/{id}/workflows/{template}",
      writes: false,
      expected: inWorkspace("workflows.read"),
      call: (w) => get(w, `${ws(w)}/workflows/${w.templateId}`),
    },
    {
      name: "DELETE /workspaces/{id}/workflows/{template}",
      writes: true,
      // The template is the owner's: only those who manage every workflow may remove it.
      expected: inWorkspace("workflows.manage"),
      prepare: newTemplate,
      call: (w, templateId) => f.send(w.actor, "DELETE", `${ws(w)}/workflows/${templateId}`),
    },
    {
      name: "POST /workspaces/{id}/workflows",
      writes: true,
      expected: inWorkspace("workflows.create"),
      call: (w) =>
        f.send(w.actor, "POST", `${ws(w)}/workflows`, {
          data: {
            type: "workflows",
            attributes: { name: "Mine", stages_attributes: [{ name: "A" }, { name: "B" }, { name: "C" }] },
          },
        }),
    },
    {
      name: "PUT /workspaces/{id}/workflows/{template}",
      writes: true,
      // The template is the owner's: only those who manage every workflow may change it.
      expected: inWorkspace("workflows.manage"),
      call: (w) => f.send(w.actor, "PUT", `${ws(w)}/workflows/${w.templateId}`, { name: `Renamed ${randomUUID()}` }),
    },
    {
      name: "POST /workspaces/{id}/projects",
      writes: true,
      expected: inWorkspace("projects.create"),
      call: (w) =>
        f.send(w.actor, "POST", `${ws(w)}/projects`, {
          data: { type: "projects", attributes: { name: "Mine", priority: "High", status: "Active" } },
        }),
    },
    {
      name: "GET /workspaces/{id}/projects",
      writes: false,
      expected: workspaceListing,
      call: (w) => get(w, `${ws(w)}/projects?limit=50`),
      listedBy: (w) => w.project.id,
    },
    {
      name: "GET /workspaces/{id}/workflows?assigned_to=project",
      writes: false,
      expected: workspaceListing,
      call: (w) => get(w, `${ws(w)}/workflows?assigned_to=project`),
      listedBy: (w) => w.project.workflowId ?? "",
    },
    {
      name: "GET /workspaces/{id}/export_analytics",
      writes: false,
      expected: workspaceListing,
      call: (w) => get(w, `${ws(w)}/export_analytics`),
      listedBy: (w) => w.project.name,
    },
    {
      name: "GET /workspaces/{id}/invitations",
      writes: false,
      expected: workspaceListing,
      call: (w) => get(w, `${ws(w)}/invitations`),
      listedBy: (w) => w.invitationId,
    },

    // The project's.
    {
      name: "GET /workspaces/{ws}/projects/{id}",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, projectUrl(w)),
    },
    {
      name: "PUT /workspaces/{ws}/projects/{id}",
      writes: true,
      expected: inProject("project.edit"),
      call: (w) => f.send(w.actor, "PUT", projectUrl(w), { name: `Renamed ${randomUUID().slice(0, 8)}` }),
    },
    {
      name: "PUT /workspaces/{ws}/projects/{id} (archive)",
      writes: true,
      expected: inProject("project.edit"),
      prepare: (w) => freshProject(w),
      call: (w, id) => f.send(w.actor, "PUT", projectUrl(w, id), { status: "Archived" }),
    },
    {
      name: "DELETE /workspaces/{ws}/projects/{id}",
      writes: true,
      expected: inProject("project.remove"),
      prepare: (w) => freshProject(w),
      call: (w, id) => f.send(w.actor, "DELETE", projectUrl(w, id)),
    },
    {
      name: "GET /workspaces/{ws}/projects/{id}/export_analytics",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `${projectUrl(w)}/export_analytics`),
    },
    {
      name: "GET /workspaces/{ws}/projects/{id}/export_analytics?stage_id",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `${projectUrl(w)}/export_analytics?stage_id=${w.project.stages[0]?.id ?? ""}`),
    },
    {
      name: "POST /workspaces/{ws}/projects/{id}/assign_people",
      writes: true,
      expected: inProject("pipeline.work"),
      call: (w) =>
        f.send(w.actor, "POST", `${projectUrl(w)}/assign_people`, { people_attributes: [{ person_id: w.spareId }] }),
    },
    {
      name: "POST /people/export_to_project",
      writes: true,
      expected: inProject("pipeline.work"),
      call: (w) =>
        f.send(w.actor, "POST", "/people/export_to_project", {
          workspace_id: w.workspaceId,
          project_id: w.project.id,
          people_ids: [w.spareId],
        }),
    },
    {
      name: "POST /people/import_csv into a project",
      writes: true,
      expected: importInto,
      call: (w) => csvUpload(w, [{ name: "data[project_id]", value: w.project.id }]),
    },
    {
      name: "GET /projects/{id}/project_people",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `/projects/${w.project.id}/project_people`),
    },
    {
      name: "PUT /projects/{p}/project_people/{id}/move",
      writes: true,
      expected: inProject("pipeline.work"),
      call: (w) => f.send(w.actor, "PUT", `${w.candidateUrl}/move`, { stage_id: w.project.stages[1]?.id }),
    },
    {
      name: "PUT /projects/{p}/project_people/{id}/person_response",
      writes: true,
      expected: inProject("pipeline.work"),
      call: (w) => f.send(w.actor, "PUT", `${w.candidateUrl}/person_response`, { response: "interested" }),
    },
    {
      name: "DELETE /projects/{p}/project_people/{id}",
      writes: true,
      expected: inProject("pipeline.work"),
      prepare: async (w) => {
        const person = await f.addPerson(w.owner, { first_name: "Removable" }, w.workspaceId);
        await f.assign(w.owner, w.project, [person.id]);
        await world.settle();
        return candidateUrl(w.project, person.id);
      },
      call: (w, url) => f.send(w.actor, "DELETE", url),
    },
    {
      name: "GET /project_people/global_search",
      writes: false,
      expected: (standing, visible) => ({ status: "2xx", listed: reaches(standing, visible) }),
      call: (w) => get(w, `/project_people/global_search?search_by=${encodeURIComponent(w.candidateName)}`),
      listedBy: (w) => w.project.id,
    },
    {
      name: "GET /people/{id} (related_projects)",
      writes: false,
      expected: workspaceListing,
      call: (w) => get(w, `/people/${w.personId}`),
      listedBy: (w) => w.project.id,
    },
    {
      name: "GET /projects/{id}/files",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `/projects/${w.project.id}/files`),
    },
    {
      name: "GET /files/{id}",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `/files/${w.fileId}`),
    },
    {
      name: "POST /files",
      writes: true,
      expected: inProject("files.add"),
      call: (w) => world.upload(w.actor, w.project),
    },
    {
      name: "DELETE /files/{id}",
      writes: true,
      expected: inProject("project.edit"),
      prepare: async (w) => {
        const uploaded = await world.upload(w.owner, w.project);
        return uploaded.json().data.id;
      },
      call: (w, id) => f.send(w.actor, "DELETE", `/files/${id}`),
    },
    {
      name: "POST /invitations to the project, as a collaborator",
      writes: true,
      expected: givingProjectRole("collaborator"),
      call: (w) =>
        f.send(w.actor, "POST", "/invitations", {
          user_to_email: `${randomUUID()}@example.com`,
          invitable_type: "Project",
          invitable_id: w.project.id,
          workspace_role: "viewer",
          project_role: "collaborator",
        }),
    },
    {
      name: "PUT /projects/{p}/project_users/{id} (a viewer made manager)",
      writes: true,
      expected: givingProjectRole("manager"),
      prepare: projectViewer,
      call: (w, url) => f.send(w.actor, "PUT", url, { role: "manager" }),
    },
    {
      name: "DELETE /projects/{p}/project_users/{id} (a viewer)",
      writes: true,
      expected: inProject("project.members.manage"),
      prepare: projectViewer,
      call: (w, url) => f.send(w.actor, "DELETE", url),
    },
    {
      name: "GET /projects/{id}/invitations",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `/projects/${w.project.id}/invitations`),
    },
    {
      name: "GET /workspaces/{ws}/workflows/{copy}",
      writes: false,
      expected: inProject("project.read"),
      call: (w) => get(w, `${ws(w)}/workflows/${w.project.workflowId}`),
    },
    {
      name: "PUT /workspaces/{ws}/workflows/{copy}",
      writes: true,
      expected: onCopy,
      call: (w) =>
        f.send(w.actor, "PUT", `${ws(w)}/workflows/${w.project.workflowId}`, { name: `Renamed ${randomUUID()}` }),
    },
    {
      name: "DELETE /workspaces/{ws}/workflows/{copy}",
      writes: true,
      expected: onCopy,
      prepare: async (w) => {
        const project = await world.newProject(w, { visible: w.project.visible });
        await world.settle();
        return project.workflowId ?? "";
      },
      call: (w, copyId) => f.send(w.actor, "DELETE", `${ws(w)}/workflows/${copyId}`),
    },
    {
      name: "POST /workspaces/{ws}/workflows/{template}/assign_to_project",
      writes: true,
      // Assigning is editing the project.
      expected: (standing, visible) =>
        standing.workspaceRole === undefined ? { status: 404 } : inProject("project.edit")(standing, visible),
      prepare: (w) => freshProject(w, { workflow: false }),
      call: (w, projectId) =>
        f.send(w.actor, "POST", `${ws(w)}/workflows/${w.templateId}/assign_to_project`, {
          data: { type: "workflows", attributes: { project_id: projectId } },
        }),
    },

    // Last: it takes the actor out of the workspace, or the workspace away.
    {
      name: "DELETE /workspaces/{id} (the owner removes it, anyone else leaves)",
      writes: true,
      expected: (standing) =>
        inWorkspace(standing.workspaceRole === "owner" ? "workspace.remove" : "workspace.leave")(standing),
      call: (w) => f.send(w.actor, "DELETE", ws(w)),
    },
  ];
}
