import { afterEach, describe, expect, it } from "vitest";
import { composeStepMessage, newMessageId } from "../mail/compose/compose-step-message.ts";
import { type GmailApiServer, startGmailApiServer } from "../testing/gmail-api-server.ts";
import { testStepMessage } from "../testing/test-step-message.ts";
import { GrantRevokedError } from "./access-tokens.ts";
import { GmailTransport, gmailMessages } from "./gmail.transport.ts";
import { UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";

let server: GmailApiServer;
let waits: number[];

afterEach(async () => {
  await server.close();
});

async function gmailWith(options: { replacesMessageIds?: boolean } = {}) {
  server = await startGmailApiServer(options);
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
  return { tokens, transport: new GmailTransport(tokens, { apiUrl: server.url, backoff }) };
}

const step = (id: string) => testStepMessage(id);
const openDrafts = () => server.mailbox.drafts.size;

describe("the gmail transport", () => {
  it("drafts the message, sends it once however often asked, and answers the Message-ID Gmail sent it with", async () => {
    const { transport } = await gmailWith();
    const { raw, messageId } = await step("11111111-1111-4111-8111-111111111111");
    const { draftId } = await transport.createDraft(raw, { key: "processor/1" });
    expect(openDrafts()).toBe(1);
    expect(await transport.draftExists(draftId)).toBe(true);
    const sent = await transport.sendDraft(draftId);
    const [out] = server.mailbox.sent;
    expect(sent).toEqual({
      messageId: out?.messageId,
      providerId: out?.id,
      threadId: out?.threadId,
      sentAt: expect.any(Date),
    });
    // Gmail set its own Message-ID; the rest went out as composed.
    expect(sent.messageId).not.toBe(messageId);
    const withoutMessageId = (message: Buffer | undefined) =>
      message?.toString("latin1").replace(/^Message-ID:[^\r\n]*(\r?\n[ \t][^\r\n]*)*/im, "");
    expect(withoutMessageId(out?.raw)).toBe(withoutMessageId(raw));
    expect(await transport.sendDraft(draftId)).toEqual(sent);
    expect(server.mailbox.sent).toHaveLength(1);
    expect(openDrafts()).toBe(0);
    expect(await transport.findSent({ messageId: sent.messageId })).toEqual(sent);
    expect(server.calls).toContain("users.drafts.create");
    expect(server.calls.filter((call) => call === "users.drafts.send")).toHaveLength(2);
  });

  it("sends a later step on the Gmail thread of the step it answers", async () => {
    const { transport } = await gmailWith();
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
    expect(server.mailbox.sent.map((message) => message.threadId)).toEqual([sentFirst.threadId, sentFirst.threadId]);
  });

  it("answers the draft an earlier attempt made but never recorded, instead of making a second", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("33333333-3333-4333-8333-333333333333");
    const lost = await transport.createDraft(raw, { key: "processor/3" });
    // Recovery without a recorded draft: nothing sent under the key, so the draft is made again.
    expect(await transport.findSent({ key: "processor/3" })).toBeUndefined();
    const again = await transport.createDraft(raw, { key: "processor/3" });
    expect(again).toEqual(lost);
    expect(openDrafts()).toBe(1);
    await transport.sendDraft(again.draftId);
    expect(server.mailbox.sent).toHaveLength(1);
  });

  for (const replacesMessageIds of [true, false]) {
    it(`recovers a send whose answer was lost without sending again (Gmail ${replacesMessageIds ? "setting its own" : "keeping our"} Message-ID)`, async () => {
      const { transport } = await gmailWith({ replacesMessageIds });
      const { raw, messageId } = await step("44444444-4444-4444-8444-444444444444");
      const { draftId } = await transport.createDraft(raw, { key: "processor/4" });
      const sent = await transport.sendDraft(draftId);
      // The protocol's recovery with a recorded draft: findSent by our Message-ID, else draftExists, then sendDraft.
      const found = await transport.findSent({ messageId });
      if (replacesMessageIds) {
        expect(found).toBeUndefined();
        expect(await transport.draftExists(draftId)).toBe(true);
        expect(await transport.sendDraft(draftId)).toEqual(sent);
      } else {
        expect(found).toEqual(sent);
      }
      expect(server.mailbox.sent).toHaveLength(1);
    });
  }

  it("calls a send whose connection dropped uncertain, and a recovery finds it sent rather than sending again", async () => {
    const { transport } = await gmailWith();
    const { raw, messageId } = await step("55555555-5555-4555-8555-555555555555");
    const { draftId } = await transport.createDraft(raw, { key: "processor/5" });
    server.dropAfter("users.drafts.send");
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
      outcome: "uncertain",
      message: UNCERTAIN_SEND_MESSAGE,
    });
    expect(server.mailbox.sent).toHaveLength(1);
    expect(await transport.findSent({ messageId })).toBeUndefined();
    expect(await transport.draftExists(draftId)).toBe(true);
    expect(await transport.sendDraft(draftId)).toMatchObject({ providerId: server.mailbox.sent[0]?.id });
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("fails a step whose draft a person deleted before it was sent", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("66666666-6666-4666-8666-666666666666");
    const { draftId } = await transport.createDraft(raw, { key: "processor/6" });
    for (const [id, messageId] of server.mailbox.drafts) {
      server.mailbox.drafts.delete(id);
      server.mailbox.messages.delete(messageId);
    }
    expect(await transport.draftExists(draftId)).toBe(false);
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
      outcome: "failed",
      message: gmailMessages.draftDeleted,
    });
    expect(server.mailbox.sent).toEqual([]);
  });

  it("waits as a 429 or 503 asks and then sends once", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("77777777-7777-4777-8777-777777777777");
    const { draftId } = await transport.createDraft(raw, { key: "processor/7" });
    server.busy(1, { retryAfterSeconds: 3 });
    await transport.sendDraft(draftId);
    expect(waits).toEqual([3]);
    expect(server.calls).toContain("users.drafts.send (refused 429)");
    const next = await step("77777777-7777-4777-8777-777777777778");
    server.busy(2, { status: 503 });
    await transport.sendDraft((await transport.createDraft(next.raw, { key: "processor/8" })).draftId);
    // No Retry-After: one second, then two.
    expect(waits).toEqual([3, 1, 2]);
    expect(server.mailbox.sent).toHaveLength(2);
  });

  it("leaves the step to a later retry when the mailbox stays rate limited or asks for a long wait", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("88888888-8888-4888-8888-888888888888");
    const { draftId } = await transport.createDraft(raw, { key: "processor/9" });
    server.busy(10, { retryAfterSeconds: 2 });
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({ outcome: "retry" });
    expect(waits).toEqual([2, 2, 2]);
    server.busy(1, { retryAfterSeconds: 600 });
    await expect(transport.sendDraft(draftId)).rejects.toMatchObject({ outcome: "retry" });
    expect(waits).toEqual([2, 2, 2]);
    expect(server.mailbox.sent).toEqual([]);
    expect(await transport.draftExists(draftId)).toBe(true);
  });

  it("refreshes a refused access token once and goes on", async () => {
    const { tokens, transport } = await gmailWith();
    const { raw } = await step("99999999-9999-4999-8999-999999999999");
    const { draftId } = await transport.createDraft(raw, { key: "processor/10" });
    server.grant.expireAccessTokens();
    await transport.sendDraft(draftId);
    expect(tokens.refreshes).toBe(1);
    expect(server.mailbox.sent).toHaveLength(1);
  });

  it("passes a revoked grant through as GrantRevokedError and sends nothing", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
    const { draftId } = await transport.createDraft(raw, { key: "processor/11" });
    server.grant.revoke();
    const failure = await transport.sendDraft(draftId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GrantRevokedError);
    expect(failure).toMatchObject({ providerMessage: "Token has been expired or revoked." });
    expect(server.mailbox.sent).toEqual([]);
    expect(openDrafts()).toBe(1);
  });

  it("sends a draft once when several workers send it at the same time, and answers each of them", async () => {
    const { transport } = await gmailWith();
    const { raw } = await step("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
    const { draftId } = await transport.createDraft(raw, { key: "processor/12" });
    const results = await Promise.all(Array.from({ length: 4 }, () => transport.sendDraft(draftId)));
    expect(new Set(results.map((result) => `${result.providerId} ${result.messageId}`)).size).toBe(1);
    expect(server.mailbox.sent).toHaveLength(1);
  });
});
