import { afterEach, describe, expect, it } from "vitest";
import { composeStepMessage, newMessageId } from "../mail/compose/compose-step-message.ts";
import { type GraphApiServer, startGraphApiServer } from "../testing/graph-api-server.ts";
import { testStepMessage } from "../testing/test-step-message.ts";
import { GrantRevokedError } from "./access-tokens.ts";
import { GraphTransport, graphMessages } from "./graph.transport.ts";
import { UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";

let server: GraphApiServer;
let waits: number[];

afterEach(async () => {
  await server.close();
});

async function graph() {
  server = await startGraphApiServer();
  waits = [];
  const tokens = server.accessTokens();
  const backoff = {
    attempts: 4,
    longestWaitSeconds: 20,
    firstWaitSeconds: 1,
    wait: async (seconds: number) => {
      waits.push(seconds);
    },
  };
  return { tokens, transport: new GraphTransport(tokens, { apiUrl: server.url, backoff }) };
}

const step = (id: string) => testStepMessage(id);
const drafts = () => [...server.mailbox.messages.values()].filter((message) => message.folder === "drafts");

describe("the graph transport", () => {
  it("uploads the composed message as a MIME draft and sends it once however often asked", async () => {
    const { transport } = await graph();
    const { raw, messageId } = await step("11111111-1111-4111-8111-111111111111");
    const { draftId } = await transport.createDraft(raw, { key: "processor/1" });
    expect(drafts()).toHaveLength(1);
    expect(await transport.draftExists(draftId)).toBe(true);
    const sent = await transport.sendDraft(draftId);
    const [out] = server.mailbox.sent;
    expect(sent).toEqual({
      messageId,
      providerId: out?.id,
      threadId: out?.conversationId,
      sentAt: expect.any(Date),
    });
    // Exactly the bytes we composed: our Message-ID, List-Unsubscribe and threading headers included.
    expect(out?.raw.toString("latin1")).toBe(raw.toString("latin1"));
    expect(await transport.sendDraft(draftId)).toEqual(sent);
    expect(server.mailbox.sent).toHaveLength(1);
    expect(drafts()).toEqual([]);
    expect(await transport.findSent({ messageId })).toEqual(sent);
  });

  it("files a later step into the conversation of the step it answers", async () => {
    const { transport } = await graph();
    const first = await step("22222222-2222-4222-8222-222222222222");
    const sentFirst = await transport.sendDraft((await transport.createDraft(first.raw, { key: "p/1" })).draftId);
    const second = await composeStepMessage({
      from: { address: "grace@recruiting.example", name: "Grace Hopper" },
      to: { address: "ada@example.com", name: "Ada Lovelace" },
      subject: "",
      html: "<p>Following up.</p>",
      previous: { messageIds: [sentFirst.messageId], subject: "A role at Acme" },
      messageId: newMessageId("22222222-2222-4222-8222-222222222223", "mail.hirestream.example"),
      date: new Date("2026-11-26T15:00:00Z"),
    });
    const sentSecond = await transport.sendDraft((await transport.createDraft(second.raw, { key: "p/2" })).draftId);
    expect(sentSecond.threadId).toBe(sentFirst.threadId);
  });

  it("answers the draft an earlier attempt made but never recorded, instead of making a second", async () => {
    const { transport } = await graph();
    const { raw } = await step("33333333-3333-4333-8333-333333333333");
    const lost = await transport.createDraft(raw, { key: "processor/3" });
    expect(await transport.findSent({ key: "processor/3" })).toBeUndefined();
    expect(await transport.createDraft(raw, { key: "processor/3" })).toEqual(lost);
    expect(drafts()).toHaveLength(1);
    await transport.sendDraft(lost.draftId);
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("finds a send whose answer was lost by its internetMessageId, without sending again", async () => {
    const { transport } = await graph();
    const { raw, messageId } = await step("44444444-4444-4444-8444-444444444444");
    const { draftId } = await transport.createDraft(raw, { key: "processor/4" });
    const sent = await transport.sendDraft(draftId);
    expect(await transport.findSent({ messageId })).toEqual(sent);
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("calls a send whose connection dropped uncertain, and a recovery finds it sent rather than sending again", async () => {
    const { transport } = await graph();
    const { raw, messageId } = await step("55555555-5555-4555-8555-555555555555");
    const { draftId } = await transport.createDraft(raw, { key: "processor/5" });
    server.dropAfter("send");
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
      outcome: "uncertain",
      message: UNCERTAIN_SEND_MESSAGE,
    });
    expect(server.mailbox.sent).toHaveLength(1);
    expect(await transport.findSent({ messageId })).toMatchObject({
      messageId,
      providerId: server.mailbox.sent[0]?.id,
    });
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("fails a step whose draft a person deleted before it was sent", async () => {
    const { transport } = await graph();
    const { raw } = await step("66666666-6666-4666-8666-666666666666");
    const { draftId } = await transport.createDraft(raw, { key: "processor/6" });
    for (const draft of drafts()) server.mailbox.messages.delete(draft.id);
    expect(await transport.draftExists(draftId)).toBe(false);
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
      outcome: "failed",
      message: graphMessages.draftDeleted,
    });
    expect(server.mailbox.sent).toEqual([]);
  });

  it("waits as a 429 or 503 asks and then sends once, or leaves the step to a later retry past the limits", async () => {
    const { transport } = await graph();
    const { raw } = await step("77777777-7777-4777-8777-777777777777");
    const { draftId } = await transport.createDraft(raw, { key: "processor/7" });
    server.busy(2, { retryAfterSeconds: 4 });
    await transport.sendDraft(draftId);
    expect(waits).toEqual([4, 4]);
    expect(server.mailbox.sent).toHaveLength(1);
    const next = await step("77777777-7777-4777-8777-777777777778");
    const later = await transport.createDraft(next.raw, { key: "processor/8" });
    server.busy(10, { status: 503 });
    await expect(transport.sendDraft(later.draftId)).rejects.toMatchObject({ outcome: "retry" });
    expect(waits).toEqual([4, 4, 1, 2, 4]);
    expect(server.mailbox.sent).toHaveLength(1);
    server.busy(0);
    expect(await transport.draftExists(later.draftId)).toBe(true);
  });

  it("refreshes a refused access token once and goes on", async () => {
    const { tokens, transport } = await graph();
    const { raw } = await step("99999999-9999-4999-8999-999999999999");
    const { draftId } = await transport.createDraft(raw, { key: "processor/10" });
    server.grant.expireAccessTokens();
    await transport.sendDraft(draftId);
    expect(tokens.refreshes).toBe(1);
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("passes a revoked grant through as GrantRevokedError and sends nothing", async () => {
    const { transport } = await graph();
    const { raw } = await step("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
    const { draftId } = await transport.createDraft(raw, { key: "processor/11" });
    server.grant.revoke();
    const failure = await transport.sendDraft(draftId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GrantRevokedError);
    expect(failure).toMatchObject({ providerMessage: expect.stringContaining("AADSTS70000") });
    expect(server.mailbox.sent).toEqual([]);
    expect(drafts()).toHaveLength(1);
  });

  it("sends a draft once when several workers send it at the same time, and answers each of them", async () => {
    const { transport } = await graph();
    const { raw } = await step("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
    const { draftId } = await transport.createDraft(raw, { key: "processor/12" });
    const results = await Promise.all(Array.from({ length: 4 }, () => transport.sendDraft(draftId)));
    expect(new Set(results.map((result) => `${result.providerId} ${result.messageId}`)).size).toBe(1);
    expect(server.mailbox.sent).toHaveLength(1);
  });
});
