// The permission matrix's endpoints of one project: the project, its pipeline, files, members,
// invitations and workflow copy.
import { randomUUID } from "node:crypto";
import { candidateUrl } from "../../candidacies/testing/pipeline-fixtures.ts";
import {
  type Endpoint,
  givingProjectRole,
  importInto,
  inProject,
  onCopy,
  reaches,
  workspaceListing,
} from "./endpoint-expectations.ts";
import type { EndpointKit } from "./endpoint-kit.ts";

export function projectEndpoints(kit: EndpointKit): Endpoint[] {
  const { f, world, get, ws, projectUrl, freshProject, projectViewer, csvUpload, profileAdd, invite } = kit;
  return [
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
      name: "POST /people/from_profile into a project",
      writes: true,
      expected: importInto,
      call: (w) => profileAdd(w, { workspace_id: w.workspaceId, project_id: w.project.id }),
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
        invite(w, {
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
  ];
}
