// For the sequence route tests: a test app's users, workspaces and sequences, and the calls they make.
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { expect } from "vitest";
import { type SignedIn, signUpUser, type TestApp } from "../../testing/test-app.ts";

export const twoSteps = [
  { template_subject: "Hello {{first_name}}", template_body: "<p>About {{project_title}}</p>" },
  { template_subject: "Again", template_body: "<p>{{pitch}}</p>" },
];

/** A sequence's body: two steps, the second using the custom variable `pitch`. */
export const sequenceBody = (attributes: Record<string, unknown> = {}, id?: string) => ({
  data: {
    type: "sequence",
    ...(id ? { id } : {}),
    attributes: {
      name: "Outreach",
      steps: twoSteps,
      payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
      ...attributes,
    },
  },
});

export const url = (workspaceId: string, sequenceId?: string) =>
  `/api/v1/workspaces/${workspaceId}/sequences${sequenceId ? `/${sequenceId}` : ""}`;

/** `app` is read when called: the test app starts in a `beforeAll`. */
export function sequenceKit(app: () => TestApp, prefix: string) {
  let emails = 0;
  const send = (user: SignedIn, method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, payload?: unknown) =>
    app().app.inject({
      method,
      url: path,
      headers: payload === undefined ? user.headers : { ...user.headers, "content-type": "application/json" },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return {
    send,
    newUser: () => signUpUser(app().app, `${prefix}${++emails}@example.com`),
    read: (user: SignedIn, path: string, position = 0) =>
      app().app.inject({ method: "GET", url: path, headers: { ...user.headers, "x-min-position": String(position) } }),
    async createWorkspace(user: SignedIn): Promise<string> {
      const response = await send(user, "POST", "/api/v1/workspaces", {
        data: { type: "workspace", attributes: { name: "Hiring" } },
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.id;
    },
    /** Makes `user` a member of the workspace, as an accepted invitation does. */
    join: (workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") =>
      appendEvents(
        app().store,
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
        { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
      ),
    async createSequence(user: SignedIn, ws: string, attributes: Record<string, unknown> = {}) {
      const response = await send(user, "POST", url(ws), sequenceBody(attributes));
      expect(response.statusCode, response.body).toBe(201);
      return { id: response.json().data.id as string, position: response.json().meta.position as number };
    },
  };
}
