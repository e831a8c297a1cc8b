import { answerMail } from "@hirestream/outreach/testing/inbound-mail.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
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

async function reply(owner: SignedIn, mail: { mailbox: string; candidate: string }, inReplyTo: string, auto = false) {
  // The local mailbox stamps a step with the database's clock; the answer arrives after it.
  t.clock.now = new Date(Date.now() + 60_000);
  const raw = await answerMail({
    from: mail.candidate,
    to: mail.mailbox,
    subject: "Re: A role for Ada",
    text: "Yes, let us talk.",
    messageId: `<answer-${++n}@example.com>`,
    inReplyTo,
    ...(auto ? { headers: { "Auto-Submitted": "auto-replied" } } : {}),
  });
  const delivered = await t.app.inject({
    method: "POST",
    url: "/api/v1/local_mailbox/inbound",
    headers: { ...owner.headers, "content-type": "message/rfc822" },
    payload: raw,
  });
  expect(delivered.statusCode, delivered.body).toBe(202);
  await t.reactions?.settle();
}

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
    await reply(owner, mail, step.messageId);

    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 2).id);
    expect(await typesOf(processorId)).toEqual([
      "ProcessorStarted",
      "PayloadApproved",
      "StepDrafted",
      "StepSent",
      "ReplyReceived",
    ]);
    const { rows } = await t.pool.query<{ type: string; data: { toStageId: string } }>(
      "select type, data from events where stream_id = $1 and type = 'CandidacyMoved'",
      [`candidacy-${candidateUrl(project, person.id).split("/").at(-1)}`],
    );
    expect(rows.map((row) => row.data.toStageId)).toEqual([stageOf(project, 2).id]);
  });

  it("keeps them where they are when their stage names no on-response stage", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, person, processorId, step } = await runWithSentStep(t, f, owner, mail);
    await reply(owner, mail, step.messageId);
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 0).id);
    expect((await typesOf(processorId)).at(-1)).toBe("ReplyReceived");
  });

  it("moves no one for an automatic answer, nor a candidate someone moved before the reply came", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { project, person, step } = await runWithSentStep(t, f, owner, { ...mail, onResponse: { 0: 2 } });
    await reply(owner, mail, step.messageId, true);
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 0).id);

    const moved = await f.send(owner, "PUT", `${candidateUrl(project, person.id)}/move`, {
      stage_id: stageOf(project, 1).id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.reactions?.settle();
    await reply(owner, mail, step.messageId);
    expect(await stageIdOf(owner, project.id, person.id)).toBe(stageOf(project, 1).id);
  });
});

describe("GET /people/{id}/messages", () => {
  it("lists what the person's runs sent and received, oldest first, for those who may read the project", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const mail = addresses();
    const { project, person, processorId, step } = await runWithSentStep(t, f, owner, mail);
    await reply(owner, mail, step.messageId);

    const listed = await f.read(owner, `/people/${person.id}/messages`, await t.store.headPosition());
    expect(listed.statusCode, listed.body).toBe(200);
    const messages = listed.json().data as { type: string; attributes: Record<string, unknown> }[];
    expect(messages.map((message) => [message.type, message.attributes.type, message.attributes.kind])).toEqual([
      ["message", "Message::Out", null],
      ["message", "Message::In", "reply"],
    ]);
    expect(messages[0]?.attributes).toMatchObject({
      project_id: project.id,
      processor_id: processorId,
      status: "sent",
      from: mail.mailbox,
      to: mail.candidate,
      subject: "A role for Ada",
      body_untracked: "<p>Hello</p>",
      message_id: step.messageId,
    });
    expect(messages[1]?.attributes).toMatchObject({
      from: mail.candidate,
      in_reply_to: step.messageId,
      status: "received",
    });

    expect((await f.read(stranger, `/people/${person.id}/messages`)).statusCode).toBe(404);
    expect((await f.read(owner, "/people/not-a-uuid/messages")).statusCode).toBe(404);
  });
});
