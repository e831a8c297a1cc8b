import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { sequenceKit, url } from "./testing/sequence-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, join, send, read, createSequence } = sequenceKit(() => t, "seqstage");

describe("stages that start sequences", () => {
  const stages = (sequenceId: string | null) => [
    { position: 0, name: "Sourced" },
    { position: 1, name: "Contacted", sequence_id: sequenceId, on_response_stage_position: 2 },
    { position: 2, name: "Replied" },
  ];
  const workflowUrl = (ws: string, id?: string) => `/api/v1/workspaces/${ws}/workflows${id ? `/${id}` : ""}`;

  it("show the sequence's name and review; a sequence a stage starts is not removed (409) until the stage lets go", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const sequence = await createSequence(owner, ws, { name: "Intro", has_review: true });
    const created = await send(owner, "POST", workflowUrl(ws), {
      name: "Engineering",
      stages_attributes: stages(sequence.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const workflowId = created.json().data.id;
    expect(created.json().included[1]).toMatchObject({
      attributes: { sequence_id: sequence.id, sequence: "Intro" },
      meta: { sequence_name: "Intro", has_sequence_review: true },
    });
    const shown = (await read(owner, workflowUrl(ws, workflowId), created.json().meta.position)).json();
    expect(shown.included[1]).toMatchObject({
      attributes: { sequence: "Intro" },
      meta: { sequence_name: "Intro", has_sequence_review: true },
    });
    expect(shown.included[0]).toMatchObject({ attributes: { sequence: null }, meta: { sequence_name: null } });

    const before = await countEvents(t.pool);
    const refused = await send(owner, "DELETE", url(ws, sequence.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(
      "This sequence is started by the stage Contacted of the workflow Engineering: choose another sequence there before removing it",
    );
    expect(await countEvents(t.pool)).toBe(before);

    const ids = shown.included.map((stage: { id: string }) => stage.id);
    const detached = await send(owner, "PUT", workflowUrl(ws, workflowId), {
      stages: stages(null).map((stage, index) => ({ ...stage, id: ids[index] })),
    });
    expect(detached.statusCode, detached.body).toBe(200);
    expect((await send(owner, "DELETE", url(ws, sequence.id))).statusCode).toBe(200);
  });

  it("a removal sees a stage someone else attached a moment before, even before it was projected", async () => {
    const owner = await newUser();
    const manager = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, manager, "manager");
    const sequence = await createSequence(owner, ws);
    await t.readModels.waitFor(sequence.position, 5000);
    await t.pauseProjector();
    try {
      const attached = await send(manager, "POST", workflowUrl(ws), {
        name: "Sales",
        stages_attributes: stages(sequence.id),
      });
      expect(attached.statusCode, attached.body).toBe(201);
      // Until the read models hold the stage, the removal cannot tell: it asks to be retried.
      const before = await countEvents(t.pool);
      const early = await send(owner, "DELETE", url(ws, sequence.id));
      expect(early.statusCode, early.body).toBe(503);
      expect(await countEvents(t.pool)).toBe(before);
    } finally {
      t.resumeProjector();
    }
    const refused = await send(owner, "DELETE", url(ws, sequence.id));
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it("refuse a sequence of another workspace, or none, with a pointer at the stage", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner);
    const foreign = await createSequence(owner, other);
    const before = await countEvents(t.pool);
    for (const sequenceId of [foreign.id, randomUUID()]) {
      const refused = await send(owner, "POST", workflowUrl(ws), {
        name: "Sales",
        stages_attributes: stages(sequenceId),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({
        detail: "must be a sequence of this workspace",
        source: { pointer: "/data/attributes/stages_attributes/1/sequence_id" },
      });
    }
    const good = await createSequence(owner, ws);
    const created = await send(owner, "POST", workflowUrl(ws), { name: "Sales", stages_attributes: stages(good.id) });
    expect(created.statusCode).toBe(201);
    const edited = await send(owner, "PUT", workflowUrl(ws, created.json().data.id), {
      stages: created.json().included.map((stage: { id: string }, index: number) => ({
        ...stages(index === 1 ? foreign.id : null)[index],
        id: stage.id,
      })),
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors[0].source.pointer).toBe("/data/attributes/stages/1/sequence_id");
    expect(await countEvents(t.pool)).toBeGreaterThan(before);
  });
});
