import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DovecotServer, startDovecot } from "../testing/dovecot-server.ts";
import { parseImapCursor } from "./imap-cursor.ts";
import { ImapReader } from "./imap-reader.ts";
import { MailboxSignInRefusedError } from "./mailbox-sign-in-refused.ts";

let imap: DovecotServer;
beforeAll(async () => {
  imap = await startDovecot();
});
afterAll(async () => {
  await imap?.stop();
});

let users = 0;
async function mailbox() {
  const username = `reader${++users}@acme.example`;
  await imap.addUser(username, "imap-secret");
  return { username, account: { host: imap.host, port: imap.port, secure: false, username, password: "imap-secret" } };
}

const message = (n: number) =>
  `From: ada@example.com\r\nTo: jobs@acme.example\r\nSubject: Answer ${n}\r\nMessage-ID: <answer-${n}@example.com>\r\n\r\nAnswer number ${n}.\r\n`;

const subjects = (messages: { raw: Buffer }[]) =>
  messages.map((mail) => /^Subject: (.*)$/m.exec(mail.raw.toString())?.[1]);

describe("reading a mailbox over IMAP", () => {
  it("reads the recent mail of a mailbox read for the first time, whole, then only what arrives after", async () => {
    const { username, account } = await mailbox();
    await imap.append(username, message(1));
    const reader = new ImapReader(account);

    const first = await reader.read(undefined);
    expect(first.messages.map((mail) => mail.raw.toString())).toEqual([message(1)]);
    expect(first.resynced).toBe(false);
    expect(parseImapCursor(first.cursor)).toMatchObject({ uidNext: 2 });

    expect((await reader.read(first.cursor)).messages).toEqual([]);
    await imap.append(username, message(2));
    await imap.append(username, message(3));
    const next = await reader.read(first.cursor);
    expect(subjects(next.messages)).toEqual(["Answer 2", "Answer 3"]);
    expect(next.messages.map((mail) => mail.providerId)).toEqual(["2", "3"]);
    expect((await reader.read(next.cursor)).messages).toEqual([]);
  });

  it("hands over at most its limit per read, the rest on the next reads, in order", async () => {
    const { username, account } = await mailbox();
    for (const n of [1, 2, 3, 4, 5]) await imap.append(username, message(n));
    const reader = new ImapReader(account, { limit: 2 });
    const seen: (string | undefined)[] = [];
    let cursor: string | undefined;
    for (let round = 0; round < 4; round++) {
      const read = await reader.read(cursor);
      seen.push(...subjects(read.messages));
      cursor = read.cursor;
    }
    expect(seen).toEqual(["Answer 1", "Answer 2", "Answer 3", "Answer 4", "Answer 5"]);
  });

  it("reads again from a recent window when the mailbox's UIDVALIDITY changed, losing nothing", async () => {
    const { username, account } = await mailbox();
    const reader = new ImapReader(account);
    await imap.append(username, message(1));
    const first = await reader.read(undefined);
    await imap.renumber(username);
    await imap.append(username, message(2));

    const resync = await reader.read(first.cursor);
    expect(resync.resynced).toBe(true);
    expect(subjects(resync.messages)).toEqual(["Answer 1", "Answer 2"]);
    expect(parseImapCursor(resync.cursor)?.uidValidity).not.toBe(parseImapCursor(first.cursor)?.uidValidity);
    const after = await reader.read(resync.cursor);
    expect([after.messages, after.resynced]).toEqual([[], false]);
  });

  it("leaves the mail unread in the mailbox", async () => {
    const { username, account } = await mailbox();
    await imap.append(username, message(1));
    await new ImapReader(account).read(undefined);
    const client = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: false,
      auth: { user: username, pass: "imap-secret" },
      logger: false,
    });
    await client.connect();
    try {
      const status = await client.status("INBOX", { unseen: true });
      expect(status === false ? undefined : status.unseen).toBe(1);
    } finally {
      await client.logout();
    }
  });

  it("says the server refused the sign-in, in the server's words", async () => {
    const { account } = await mailbox();
    const refused = await new ImapReader({ ...account, password: "not-the-password" }).read(undefined).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MailboxSignInRefusedError);
    expect(refused instanceof MailboxSignInRefusedError && refused.serverMessage).toMatch(/Authentication failed/);
  });
});
