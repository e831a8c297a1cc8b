import { randomUUID } from "node:crypto";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequenceKit } from "../sequences/testing/sequence-kit.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, createSequence, send, read } = sequenceKit(() => t, "ownseqreaction");

describe("a project created with its own sequence, whose request died before the copy was made", () => {
  it("gets its copy from the reaction, starting its own sequence where the template starts the other", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const templateSequence = await createSequence(owner, ws);
    const own = await createSequence(owner, ws, { name: "Outreach for backend" });
    const template = await send(owner, "POST", `/api/v1/workspaces/${ws}/workflows`, {
      name: "Engineering",
      stages_attributes: [
        { position: 0, name: "Sourced" },
        { position: 1, name: "Contacted", sequence_id: templateSequence.id },
        { position: 2, name: "Interview" },
      ],
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId: string = template.json().data.id;
    const projectId = randomUUID();
    const workflowId = workflowCopyIdOf(projectId, templateId);
    // What the request appends to the project's stream before it makes the copy.
    await appendEvents(
      t.store,
      `project-${projectId}`,
      [
        {
          type: "ProjectCreated",
          data: {
            projectId,
            workspaceId: ws,
            userId: owner.userId,
            name: "Backend hires",
            description: null,
            priority: "High",
            status: "Active",
            startDate: null,
            deadline: null,
            visible: true,
            workflowId: null,
          },
        },
        {
          type: "ProjectWorkflowAssigned",
          data: {
            projectId,
            workspaceId: ws,
            workflowId,
            templateId,
            ownSequence: { replaces: templateSequence.id, sequenceId: own.id },
          },
        },
      ],
      { occurredAt: "2026-11-22T12:00:00.000Z", actor: owner.userId },
    );
    await t.reactions?.settle();
    const copy = await read(owner, `/api/v1/workspaces/${ws}/workflows/${workflowId}`, await t.store.headPosition());
    expect(copy.statusCode, copy.body).toBe(200);
    expect(
      copy.json().included.map((stage: { attributes: { sequence_id: string | null } }) => stage.attributes.sequence_id),
    ).toEqual([null, own.id, null]);
  });
});
