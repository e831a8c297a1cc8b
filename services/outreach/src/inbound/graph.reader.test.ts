import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type GraphApiServer, startGraphApiServer } from "../testing/graph-api-server.ts";
import { answerMail, bounceReport } from "../testing/inbound-mail.ts";
import { testStepMessage } from "../testing/test-step-message.ts";
import { GraphTransport } from "../transports/graph.transport.ts";
import { classifyInbound } from "./classify-inbound.ts";
import { GraphReader } from "./graph.reader.ts";

let server: GraphApiServer;

afterEach(async () => {
  await server.close();
});

async function mailbox() {
  server = await startGraphApiServer();
  const tokens = server.accessTokens();
  const transport = new GraphTransport(tokens, { apiUrl: server.url });
  const { raw } = await testStepMessage("11111111-1111-4111-8111-111111111111");
  const sent = await transport.sendDraft((await transport.createDraft(raw, { key: "processor/1" })).draftId);
  return { reader: new GraphReader(tokens, { apiUrl: server.url }), sent };
}

/** A reply, a bounce and an automatic answer to `messageId`, as they arrive. */
async function answersTo(messageId: string, tag: string): Promise<Buffer[]> {
  const answer = (text: string, headers?: Record<string, string>) =>
    answerMail({
      from: "ada@example.com",
      to: "grace@recruiting.example",
      subject: "Re: A role at Acme",
      text,
      messageId: `<${text.length}.${tag}@example.com>`,
      inReplyTo: messageId,
      ...(headers ? { headers } : {}),
    });
  return [
    await answer("Sounds great, tell me more."),
    Buffer.from(bounceReport({ to: "grace@recruiting.example", originalMessageId: messageId })),
    await answer("I am away until Monday.", { "Auto-Submitted": "auto-replied" }),
  ];
}

const raws = (read: { messages: { raw: Buffer }[] }) => read.messages.map((message) => message.raw.toString("latin1"));
const texts = (buffers: Buffer[]) => buffers.map((buffer) => buffer.toString("latin1"));

describe("the graph.reader", () => {
  it("first reads the recent inbox, then reads a reply, a bounce and an automatic answer once each, and none of our own mail", async () => {
    const { reader, sent } = await mailbox();
    const before = await answerMail({
      from: "ada@example.com",
      to: "grace@recruiting.example",
      subject: "Before we connected",
      text: "An old message.",
      messageId: "<old@example.com>",
      inReplyTo: "<unrelated@example.com>",
    });
    server.deliver(before);
    // What came before the first read is read too: an answer is not lost for arriving early.
    const start = await reader.read(undefined);
    expect(raws(start)).toEqual(texts([before]));
    expect(start).toMatchObject({ cursor: expect.any(String), resynced: false });
    const answers = await answersTo(sent.messageId, "a");
    const delivered = answers.map((raw) => server.deliver(raw));
    const read = await reader.read(start.cursor);
    expect(raws(read)).toEqual(texts(answers));
    expect(read.messages.map((message) => message.providerId)).toEqual(delivered.map((message) => message.id));
    expect(read.resynced).toBe(false);
    const classified = await Promise.all(read.messages.map((message) => classifyInbound(message.raw)));
    expect(classified.map((message) => message.kind)).toEqual(["reply", "bounce", "auto_reply"]);
    expect(classified[0]?.inReplyTo).toBe(sent.messageId);
    const again = await reader.read(read.cursor);
    expect(again.messages).toEqual([]);
  });

  it("reads the same messages again from a cursor stored before a crash", async () => {
    const { reader, sent } = await mailbox();
    const { cursor } = await reader.read(undefined);
    const answers = await answersTo(sent.messageId, "b");
    for (const raw of answers) server.deliver(raw);
    const first = await reader.read(cursor);
    const second = await reader.read(cursor);
    expect(raws(second)).toEqual(raws(first));
    expect(raws(second)).toEqual(texts(answers));
  });

  it("resyncs the recent inbox when Exchange forgot the delta state the cursor names (410), losing nothing", async () => {
    const { reader, sent } = await mailbox();
    const { cursor } = await reader.read(undefined);
    const [reply, bounce, away] = await answersTo(sent.messageId, "c");
    if (reply === undefined || bounce === undefined || away === undefined) throw new Error("three answers expected");
    server.deliver(reply);
    const read = await reader.read(cursor);
    server.deliver(bounce);
    server.expireDeltaTokens();
    const resync = await reader.read(read.cursor);
    expect(resync.resynced).toBe(true);
    expect(raws(resync)).toEqual(texts([reply, bounce]));
    expect(server.calls.filter((call) => call === "delta").length).toBeGreaterThan(2);
    server.deliver(away);
    const after = await reader.read(resync.cursor);
    expect(after).toEqual({
      messages: [expect.objectContaining({ raw: away })],
      cursor: expect.any(String),
      resynced: false,
    });
  });

  it("follows no link outside the API's own address, so the mailbox's token goes nowhere else", async () => {
    const { reader } = await mailbox();
    const seen: (string | undefined)[] = [];
    const elsewhere = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.end("{}");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    try {
      const address = elsewhere.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      const foreign = `http://127.0.0.1:${address.port}/v1.0/me/mailFolders/inbox/messages/delta?$deltatoken=x`;
      await expect(reader.read(foreign)).rejects.toThrow(/outside its own address/);
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it("reads every page of a long delta round", async () => {
    const { reader } = await mailbox();
    const { cursor } = await reader.read(undefined);
    const ids = Array.from({ length: 75 }, (_, index) => `<${index}.many@example.com>`);
    for (const id of ids) server.deliver(`Message-ID: ${id}\r\nSubject: Hello\r\n\r\nHello.\r\n`);
    const read = await reader.read(cursor);
    expect(read.messages.map((message) => message.raw.toString("latin1").split("\r\n")[0])).toEqual(
      ids.map((id) => `Message-ID: ${id}`),
    );
  });
});
