import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { deliverAnswer, runWithSentStep } from "../testing/run-with-sent-step.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "personmessages");
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const addresses = () => {
  n += 1;
  return { mailbox: `people${n}@acme.example`, candidate: `ada${n}@example.com` };
};

describe("GET /people/{id}/messages", () => {
  it("lists what the person's runs sent and received, oldest first, for those who may read the project", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const mail = addresses();
    const { project, person, processorId, step } = await runWithSentStep(t, f, owner, mail);
    await deliverAnswer(t, owner, mail, step.messageId);

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

  it("leaves out the messages of a project the caller may not read, though they see the person", async () => {
    const owner = await f.newUser();
    const colleague = await f.newUser();
    const mail = addresses();
    const { ws, person } = await runWithSentStep(t, f, owner, { ...mail, visible: false });
    const joined = await f.join(ws, colleague, "collaborator");
    await t.readModels.waitFor(joined, 10_000);
    expect((await f.read(owner, `/people/${person.id}/messages`)).json().data).toHaveLength(1);
    const listed = await f.read(colleague, `/people/${person.id}/messages`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([]);
  });
});
