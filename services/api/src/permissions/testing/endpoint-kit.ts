// The calls and set-ups the permission matrix's endpoints share, made for one test app and world.
import { randomUUID } from "node:crypto";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import type { PipelineFixtures } from "../../candidacies/testing/pipeline-fixtures.ts";
import { multipart } from "../../people/import/testing/import-fixtures.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { type PermissionWorld, templateBody, type World } from "./permission-world.ts";

export function endpointKit(t: TestApp, f: PipelineFixtures, world: PermissionWorld) {
  const ws = (w: World) => `/workspaces/${w.workspaceId}`;
  return {
    f,
    world,
    get: (w: World, url: string) => f.read(w.actor, url),
    ws,
    projectUrl: (w: World, id = w.project.id) => `${ws(w)}/projects/${id}`,

    /** A project of the owner's, seen as the world's project is. */
    async freshProject(w: World, options: { workflow?: boolean } = {}) {
      const project = await world.newProject(w, { visible: w.project.visible, ...options });
      await world.settle();
      return project.id;
    },

    /** A template of the owner's, for a call that uses one up. */
    async newTemplate(w: World) {
      const answer = await f.send(w.owner, "POST", `${ws(w)}/workflows`, templateBody(`Template ${randomUUID()}`));
      await world.settle();
      return String(answer.json().data.id);
    },

    /** A new member of the workspace and the project, both as viewer: the URL naming them in the project. */
    async projectViewer(w: World) {
      const member = await f.newUser();
      await f.join(w.workspaceId, member, "viewer");
      await f.joinProject(w.project, member, "viewer");
      await world.settle();
      return `/projects/${w.project.id}/project_users/${projectUserIdOf(w.project.id, member.userId)}`;
    },

    /** An invitation from the actor, to an email nobody has used. */
    invite: (w: World, attributes: Record<string, string>) =>
      f.send(w.actor, "POST", "/invitations", { user_to_email: `${randomUUID()}@example.com`, ...attributes }),

    /** The person of a profile page nobody has added yet, added by the actor where `target` says. */
    profileAdd: (w: World, target: Record<string, string>) =>
      f.send(w.actor, "POST", "/people/from_profile", {
        data: {
          type: "people",
          attributes: { first_name: "Page", linkedin: `https://www.linkedin.com/in/${randomUUID()}/`, ...target },
        },
      }),

    /** A CSV import of one new person by the actor, with the form fields given. */
    csvUpload(w: World, fields: { name: string; value: string }[]) {
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
    },
  };
}

export type EndpointKit = ReturnType<typeof endpointKit>;
