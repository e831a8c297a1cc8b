// The permission matrix's endpoints of a workspace as a whole: the workspace, its members, people,
// templates and lists.
import { randomUUID } from "node:crypto";
import { type Endpoint, inWorkspace, workspaceListing, workspaceWide } from "./endpoint-expectations.ts";
import type { EndpointKit } from "./endpoint-kit.ts";
import { templateBody, type World } from "./permission-world.ts";

const sequenceBody = (name: string) => ({
  data: {
    type: "sequences",
    attributes: { name, steps: [{ template_subject: "Hello {{first_name}}", template_body: "<p>Hi</p>" }] },
  },
});

export function workspaceEndpoints(kit: EndpointKit): Endpoint[] {
  const { f, world, get, ws, csvUpload, profileAdd, newTemplate, invite } = kit;
  /** A sequence the workspace's owner made, for the actor to read, change or remove. */
  const ownersSequence = async (w: World) => {
    const answer = await f.send(w.owner, "POST", `${ws(w)}/sequences`, sequenceBody(`Sequence ${randomUUID()}`));
    await world.settle();
    return String(answer.json().data.id);
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
        invite(w, { invitable_type: "Workspace", invitable_id: w.workspaceId, workspace_role: "collaborator" }),
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
      name: "POST /people/from_profile into the workspace",
      writes: true,
      expected: inWorkspace("people.add"),
      call: (w) => profileAdd(w, { workspace_id: w.workspaceId }),
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
      call: (w) => f.send(w.actor, "POST", `${ws(w)}/workflows`, templateBody("Mine")),
    },
    {
      name: "PUT /workspaces/{id}/workflows/{template}",
      writes: true,
      // The template is the owner's: only those who manage every workflow may change it.
      expected: inWorkspace("workflows.manage"),
      call: (w) => f.send(w.actor, "PUT", `${ws(w)}/workflows/${w.templateId}`, { name: `Renamed ${randomUUID()}` }),
    },
    {
      name: "GET /workspaces/{id}/sequences",
      writes: false,
      expected: inWorkspace("sequences.read"),
      call: (w) => get(w, `${ws(w)}/sequences`),
    },
    {
      name: "GET /workspaces/{id}/sequences/{sequence}",
      writes: false,
      expected: inWorkspace("sequences.read"),
      prepare: ownersSequence,
      call: (w, sequenceId) => get(w, `${ws(w)}/sequences/${sequenceId}`),
    },
    {
      name: "POST /workspaces/{id}/sequences",
      writes: true,
      expected: inWorkspace("sequences.create"),
      call: (w) => f.send(w.actor, "POST", `${ws(w)}/sequences`, sequenceBody("Mine")),
    },
    {
      name: "PUT /workspaces/{id}/sequences/{sequence}",
      writes: true,
      // The sequence is the owner's: only those who manage every sequence may change it.
      expected: inWorkspace("sequences.manage"),
      prepare: ownersSequence,
      call: (w, sequenceId) =>
        f.send(w.actor, "PUT", `${ws(w)}/sequences/${sequenceId}`, { name: `Renamed ${randomUUID().slice(0, 8)}` }),
    },
    {
      name: "DELETE /workspaces/{id}/sequences/{sequence}",
      writes: true,
      expected: inWorkspace("sequences.manage"),
      prepare: ownersSequence,
      call: (w, sequenceId) => f.send(w.actor, "DELETE", `${ws(w)}/sequences/${sequenceId}`),
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
  ];
}
