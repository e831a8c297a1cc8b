import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { smtpReply, startDroppingRelay, startTestSmtpServer } from "../testing/test-smtp-server.ts";
import { testStepMessage } from "../testing/test-step-message.ts";
import { UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";
import { SmtpTransport } from "./smtp.transport.ts";
import type { SmtpSettings } from "./smtp-delivery.ts";

const credentials = { username: "grace@recruiting.example", password: "correct horse battery staple" };
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 8 });
});

afterAll(async () => {
  await pool.end();
});

function settings(port: number, password = credentials.password): SmtpSettings {
  return { host: "127.0.0.1", port, secure: false, username: credentials.username, password };
}

async function draftStatus(draftId: string) {
  const { rows } = await pool.query<{ status: string; fail_message: string | null }>(
    "select status, fail_message from mail_drafts where id = $1",
    [draftId],
  );
  return rows[0];
}

let keys = 0;
async function draftOn(transport: SmtpTransport, id: string) {
  const message = await testStepMessage(id);
  keys += 1;
  return { ...message, ...(await transport.createDraft(message.raw, { key: `processor/${keys}` })) };
}

describe("the smtp transport", () => {
  it("authenticates and hands the server exactly the draft's bytes, once, however often it is sent", async () => {
    const server = await startTestSmtpServer(credentials);
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { raw, messageId, draftId } = await draftOn(transport, "44444444-4444-4444-8444-444444444444");
      expect(await transport.draftExists(draftId)).toBe(true);
      const sent = await transport.sendDraft(draftId);
      expect(sent).toEqual({
        messageId,
        providerId: expect.stringContaining("queued as TEST1"),
        sentAt: expect.any(Date),
      });
      expect(server.received).toEqual([
        {
          user: credentials.username,
          from: "grace@recruiting.example",
          to: ["ada@example.com"],
          raw: expect.any(Buffer),
        },
      ]);
      expect(server.received[0]?.raw.toString("latin1")).toBe(raw.toString("latin1"));
      expect(await transport.sendDraft(draftId)).toEqual(sent);
      expect(server.received).toHaveLength(1);
      expect(await transport.draftExists(draftId)).toBe(false);
      expect(await transport.findSent({ messageId })).toEqual(sent);
    } finally {
      await server.stop();
    }
  });

  it("fails with the server's words when it refuses the password, and sends nothing", async () => {
    const server = await startTestSmtpServer(credentials);
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port, "wrong"));
      const { draftId } = await draftOn(transport, "55555555-5555-4555-8555-555555555555");
      const failure = {
        outcome: "failed",
        message: expect.stringMatching(
          /^The SMTP server refused the username or password: .*Authentication credentials invalid/,
        ),
      };
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject(failure);
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject(failure);
      expect((await draftStatus(draftId))?.status).toBe("failed");
      expect(server.received).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it("fails for good, in the server's words, when it refuses the recipient", async () => {
    const server = await startTestSmtpServer(credentials, {
      onRcptTo: (_address, _session, callback) => callback(smtpReply(550, "5.1.1 No such user here")),
    });
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { draftId } = await draftOn(transport, "66666666-6666-4666-8666-666666666666");
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
        outcome: "failed",
        message: expect.stringContaining("550 5.1.1 No such user here"),
      });
      expect(await draftStatus(draftId)).toEqual({
        status: "failed",
        fail_message: expect.stringContaining("No such user here"),
      });
      expect(server.received).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it("keeps a draft refused for now (4xx) to be retried, and sends it once on the retry", async () => {
    let refusals = 0;
    const server = await startTestSmtpServer(credentials, {
      onRcptTo: (_address, _session, callback) => {
        refusals += 1;
        callback(refusals === 1 ? smtpReply(451, "4.3.0 Try again later") : null);
      },
    });
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { draftId } = await draftOn(transport, "77777777-7777-4777-8777-777777777777");
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject({ outcome: "retry" });
      expect(await transport.draftExists(draftId)).toBe(true);
      await transport.sendDraft(draftId);
      expect(server.received).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it("reports a message whose connection dropped after DATA as uncertain and never sends it again", async () => {
    const server = await startTestSmtpServer(credentials);
    const relay = await startDroppingRelay(server.port);
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(relay.port));
      const { draftId, messageId } = await draftOn(transport, "88888888-8888-4888-8888-888888888888");
      const uncertain = { outcome: "uncertain", message: UNCERTAIN_SEND_MESSAGE };
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject(uncertain);
      // The server did take it: exactly why it must not go again.
      await expect.poll(() => server.received.length).toBe(1);
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject(uncertain);
      expect(await draftStatus(draftId)).toEqual({ status: "uncertain", fail_message: UNCERTAIN_SEND_MESSAGE });
      expect(await transport.draftExists(draftId)).toBe(false);
      expect(await transport.findSent({ messageId })).toBeUndefined();
      expect(server.received).toHaveLength(1);
    } finally {
      await relay.stop();
      await server.stop();
    }
  });

  it("takes a draft left `sending` by a worker that died for uncertain, without contacting the server", async () => {
    const server = await startTestSmtpServer(credentials);
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { draftId } = await draftOn(transport, "99999999-9999-4999-8999-999999999999");
      await pool.query("update mail_drafts set status = 'sending' where id = $1", [draftId]);
      expect(await transport.draftExists(draftId)).toBe(true);
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject({ outcome: "uncertain" });
      expect(server.received).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it("sends a draft once when several workers send it at the same time", async () => {
    const server = await startTestSmtpServer(credentials);
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { draftId } = await draftOn(transport, "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => transport.sendDraft(draftId)));
      expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason).toMatchObject({ outcome: "retry" });
      }
      expect(server.received).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe("the smtp transport without `secure`", () => {
  it("upgrades with STARTTLS when offered and refuses a certificate it cannot trust before sending the password", async () => {
    let authenticated = false;
    // The server's built-in certificate is self-signed: nobody vouches for it.
    const server = await startTestSmtpServer(credentials, {
      disabledCommands: [],
      onAuth: (_auth, _session, callback) => {
        authenticated = true;
        callback(null, { user: credentials.username });
      },
    });
    try {
      const transport = new SmtpTransport(pool, "credential-1", settings(server.port));
      const { draftId } = await draftOn(transport, "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
      await expect(transport.sendDraft(draftId)).rejects.toMatchObject({
        outcome: "failed",
        message: expect.stringContaining("certificate"),
      });
      expect(authenticated).toBe(false);
      expect(server.received).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
