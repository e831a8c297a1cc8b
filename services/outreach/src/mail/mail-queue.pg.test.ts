import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { expect, inject, it } from "vitest";
import { LocalTransport } from "../transports/local.transport.ts";
import { createMailQueue, QueuedMailTransport, workMailQueue } from "./mail-queue.ts";

it("delivers queued mail through the local transport, which keeps it as MIME", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url });
  const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
  boss.on("error", () => undefined);
  try {
    await boss.start();
    await createMailQueue(boss);
    await new QueuedMailTransport(boss).send({
      to: "ada@example.com",
      subject: "Reset your Hirestream password\r\nBcc: spy@example.com",
      text: "Choose a new password: http://localhost:3000/update_password?reset_password_token=abc",
    });
    await workMailQueue(boss, new LocalTransport(pool));
    await expect
      .poll(async () => (await pool.query("select to_address, subject, mime from local_mailbox")).rows, {
        timeout: 15_000,
      })
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
  } finally {
    await boss.stop({ graceful: false });
    await pool.end();
  }
});
