import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { startTestMailQueue } from "../testing/test-mail-queue.ts";
import { LocalTransport } from "../transports/local.transport.ts";
import { queueMail } from "./mail-queue.ts";

const mail = {
  to: "ada@example.com",
  subject: "Reset your Hirestream password\r\nBcc: spy@example.com",
  text: "Choose a new password: http://localhost:3000/update_password?reset_password_token=abc",
};

it("delivers mail queued in a transaction through the local transport, once per job id, as MIME", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const queue = await startTestMailQueue(url, pool);
  try {
    const id = "6f1d3c1e-9b7a-4f0e-8d2c-5b4a39281706";
    await expect(
      db.transaction().execute(async (trx) => {
        await queueMail(queue.boss, trx, "0f1d3c1e-9b7a-4f0e-8d2c-5b4a39281706", { ...mail, to: "rolled@example.com" });
        throw new Error("the cause did not commit");
      }),
    ).rejects.toThrow("the cause did not commit");
    await db.transaction().execute((trx) => queueMail(queue.boss, trx, id, mail));
    // Queued again under the same id (a cause handled twice): still one job.
    await db.transaction().execute((trx) => queueMail(queue.boss, trx, id, mail));
    await expect
      .poll(async () => (await pool.query("select to_address, mime from local_mailbox")).rows, { timeout: 15_000 })
      .toEqual([
        expect.objectContaining({
          to_address: "ada@example.com",
          mime: expect.stringContaining("reset_password_token=abc"),
        }),
      ]);
    const { rows } = await pool.query<{ mime: string }>("select mime from local_mailbox");
    // A line break in a header cannot smuggle in another header.
    expect(rows[0]?.mime).not.toMatch(/^Bcc:/m);
    expect(rows[0]?.mime).toMatch(/^Subject: Reset your Hirestream password Bcc: spy@example.com$/m);
    const jobs = await pool.query("select id from pgboss.job where name = 'mail'");
    expect(jobs.rows).toEqual([{ id }]);
  } finally {
    await queue.stop();
    await db.destroy();
  }
});

it("keeps a message sent again under its key once: a job run twice mails once", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const printed: string[] = [];
  const transport = new LocalTransport(pool, (sent) => printed.push(sent.to));
  try {
    const key = "6f1d3c1e-9b7a-4f0e-8d2c-5b4a39281706";
    await transport.send({ ...mail, key });
    await transport.send({ ...mail, key });
    const { rows } = await pool.query("select id from local_mailbox");
    expect(rows).toEqual([{ id: key }]);
    expect(printed).toEqual(["ada@example.com"]);
  } finally {
    await pool.end();
  }
});
