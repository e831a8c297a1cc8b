import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { deliverAnswer, runWithSentStep } from "../testing/run-with-sent-step.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "onresponse");
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const addresses = () => {
  n += 1;
  return { mailbox: `talent${n}@acme.example`, candidate: `ada${n}@example.com` };
};

async function stageIdOf(owner: SignedIn, projectId: string, personId: string) {
  await t.reactions?.settle();
  const listed = await f.read(owner, `/projects/${projectId}/project_people`, await t.store.headPosition());
  const candidate = listed
    .json()
    .data.find((row: { attributes: { person_id: string } }) => row.attributes.person_id === personId);
  return candidate?.relationships.stage.data.id as string | undefined;
}

const typesOf = async (processorId: string) =>
  (
    await t.pool.query<{ type: string }>("select type from events where stream_id = $1 order by global_position", [
      `processor-${processorId}`,
    ])
  ).rows.map((row) => row.type);

describe("a candidate's reply", () => {
  it("moves them to their stage's on-response stage, and the run ends replied, not stopped", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, person, processorId, step } = await runWithSentStep(t, f, owner, {
      ...mail,
      onResponse: { 0: 2 },
    });
    await deliverAnswer(t, owner, mail, step.messageId);

    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 2).id);
    // Step 2 was scheduled a day after step 1; the reply ends the run before it: nothing stops it.
    expect(await typesOf(processorId)).toEqual([
      "ProcessorStarted",
      "PayloadApproved",
      "StepScheduled",
      "StepSent",
      "StepScheduled",
      "ReplyReceived",
    ]);
    const { rows } = await t.pool.query<{ type: string; data: { toStageId: string } }>(
      "select type, data from events where stream_id = $1 and type = 'CandidacyMoved'",
      [`candidacy-${candidateUrl(project, person.id).split("/").at(-1)}`],
    );
    expect(rows.map((row) => row.data.toStageId)).toEqual([stageOf(project, 2).id]);
  });

  it("starts the on-response stage's own sequence as a new run, and leaves the replied one as it ended", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, processorId, step } = await runWithSentStep(t, f, owner, {
      ...mail,
      onResponse: { 0: 1 },
      alsoStarting: [1],
    });
    await deliverAnswer(t, owner, mail, step.messageId);

    expect((await typesOf(processorId)).at(-1)).toBe("ReplyReceived");
    const { rows } = await t.pool.query<{ stream_id: string; stage_id: string }>(
      "select stream_id, data->>'stageId' as stage_id from events where type = 'ProcessorStarted' and data->>'projectId' = $1 order by global_position",
      [project.id],
    );
    expect(rows.map((row) => row.stage_id)).toEqual([stageOf(project, 0).id, stageOf(project, 1).id]);
    expect(rows[1]?.stream_id).not.toBe(`processor-${processorId}`);
  });

  it("keeps them where they are when their stage names no on-response stage", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, person, processorId, step } = await runWithSentStep(t, f, owner, mail);
    await deliverAnswer(t, owner, mail, step.messageId);
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 0).id);
    expect((await typesOf(processorId)).at(-1)).toBe("ReplyReceived");
  });

  it("moves no one for an automatic answer, nor a candidate someone moved before the reply came", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, person, step } = await runWithSentStep(t, f, owner, { ...mail, onResponse: { 0: 2 } });
    await deliverAnswer(t, owner, mail, step.messageId, { automatic: true });
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 0).id);

    const moved = await f.send(owner, "PUT", `${candidateUrl(project, person.id)}/move`, {
      stage_id: stageOf(project, 1).id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.reactions?.settle();
    await deliverAnswer(t, owner, mail, step.messageId);
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 1).id);
  });
});
