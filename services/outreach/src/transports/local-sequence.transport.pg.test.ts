import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testStepMessage } from "../testing/test-step-message.ts";
import { LocalSequenceTransport } from "./local-sequence.transport.ts";

let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 8 });
});

afterAll(async () => {
  await pool.end();
});

async function mailboxRows(to: string) {
  const { rows } = await pool.query<{ id: string; mime: string }>(
    "select id, mime from local_mailbox where to_address = $1",
    [to],
  );
  return rows;
}

describe("the local transport's sequence mail", () => {
  it("keeps a draft unsent, sends it into the local mailbox once, and finds it sent by key and Message-ID", async () => {
    const transport = new LocalSequenceTransport(pool, "credential-1");
    const { raw, messageId } = await testStepMessage("11111111-1111-4111-8111-111111111111", "one@example.com");
    const { draftId } = await transport.createDraft(raw, { key: "processor-1/step-1" });
    expect(await transport.createDraft(raw, { key: "processor-1/step-1" })).toEqual({ draftId });
    expect(await transport.draftExists(draftId)).toBe(true);
    expect(await transport.findSent({ key: "processor-1/step-1" })).toBeUndefined();
    expect(await mailboxRows("one@example.com")).toEqual([]);

    const sent = await transport.sendDraft(draftId);
    expect(sent).toEqual({ messageId, providerId: draftId, sentAt: expect.any(Date) });
    expect(await mailboxRows("one@example.com")).toEqual([{ id: draftId, mime: raw.toString("utf8") }]);

    // A retry after a crash that followed the send: the same answer, nothing sent again.
    expect(await transport.sendDraft(draftId)).toEqual(sent);
    expect(await mailboxRows("one@example.com")).toHaveLength(1);
    expect(await transport.draftExists(draftId)).toBe(false);
    expect(await transport.findSent({ key: "processor-1/step-1" })).toEqual(sent);
    expect(await transport.findSent({ messageId })).toEqual(sent);
  });

  it("sends a draft once however many workers send it at the same time", async () => {
    const transport = new LocalSequenceTransport(pool, "credential-1");
    const { raw } = await testStepMessage("22222222-2222-4222-8222-222222222222", "race@example.com");
    const { draftId } = await transport.createDraft(raw, { key: "processor-2/step-1" });
    const results = await Promise.all(Array.from({ length: 6 }, () => transport.sendDraft(draftId)));
    expect(new Set(results.map((result) => result.providerId))).toEqual(new Set([draftId]));
    expect(await mailboxRows("race@example.com")).toHaveLength(1);
  });

  it("answers nothing about another mailbox's drafts", async () => {
    const mine = new LocalSequenceTransport(pool, "credential-1");
    const theirs = new LocalSequenceTransport(pool, "credential-2");
    const { raw, messageId } = await testStepMessage("33333333-3333-4333-8333-333333333333", "other@example.com");
    const { draftId } = await mine.createDraft(raw, { key: "processor-3/step-1" });
    expect(await theirs.draftExists(draftId)).toBe(false);
    await expect(theirs.sendDraft(draftId)).rejects.toMatchObject({ outcome: "failed" });
    await mine.sendDraft(draftId);
    expect(await theirs.findSent({ messageId })).toBeUndefined();
    expect(await theirs.findSent({ key: "processor-3/step-1" })).toBeUndefined();
    expect(await mailboxRows("other@example.com")).toHaveLength(1);
  });
});
