// Every endpoint that reads or changes a workspace's or a project's data, with what the permission
// table says each standing gets from it (endpoint-expectations.ts).
import type { PipelineFixtures } from "../../candidacies/testing/pipeline-fixtures.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { type Endpoint, inWorkspace } from "./endpoint-expectations.ts";
import { endpointKit } from "./endpoint-kit.ts";
import type { PermissionWorld } from "./permission-world.ts";
import { projectEndpoints } from "./project-endpoints.ts";
import { workspaceEndpoints } from "./workspace-endpoints.ts";

export function endpoints(t: TestApp, f: PipelineFixtures, world: PermissionWorld): Endpoint[] {
  const kit = endpointKit(t, f, world);
  return [
    ...workspaceEndpoints(kit),
    ...projectEndpoints(kit),
    // Last: it takes the actor out of the workspace, or the workspace away.
    {
      name: "DELETE /workspaces/{id} (the owner removes it, anyone else leaves)",
      writes: true,
      expected: (standing) =>
        inWorkspace(standing.workspaceRole === "owner" ? "workspace.remove" : "workspace.leave")(standing),
      call: (w) => kit.f.send(w.actor, "DELETE", kit.ws(w)),
    },
  ];
}
