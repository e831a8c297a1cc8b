import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { classifyInbound } from "./classify-inbound.ts";

const firstStepId = "<0b5a2c44-4f5e-4d7a-9d0e-3a1f2b6c7d8e@mail.hirestream.example>";

async function fixture(name: string) {
  return classifyInbound(await readFile(new URL(`./fixtures/${name}.eml`, import.meta.url)));
}

describe("classifyInbound: replies", () => {
  it("reads a Gmail reply: threading, addresses, both bodies, the HTML sanitised", async () => {
    const message = await fixture("gmail-reply");
    expect(message).toMatchObject({
      kind: "reply",
      messageId: "<CAF=kq3xY1pZ0q9gH2b+5nV7wQ@mail.gmail.com>",
      inReplyTo: firstStepId,
      references: [firstStepId],
      from: "ada@example.com",
      to: ["grace@recruiting.example"],
      subject: "Re: A role at Acme",
      sentAt: new Date("2026-11-25T08:12:44Z"),
    });
    expect(message.text).toContain("Sounds interesting, I am free on Thursday.");
    expect(message.html).toContain("Sounds interesting, I am free on Thursday.");
    for (const banned of ["<script", "alert", "onerror", "<img", "style="]) expect(message.html).not.toContain(banned);
    expect(message.bounce).toBeUndefined();
  });

  it("reads an Outlook reply that threads by References alone, oldest first", async () => {
    const message = await fixture("outlook-reply-references-only");
    expect(message.kind).toBe("reply");
    expect(message.inReplyTo).toBeUndefined();
    expect(message.references).toEqual(["<1c2d3e4f-0000-4000-8000-000000000001@mail.hirestream.example>", firstStepId]);
    expect(message.html?.trim()).toBe("<div><p>Thanks Grace, please send me the details.</p><p>Alan</p></div>");
    expect(message.text).toContain("Thanks Grace, please send me the details.");
  });

  it("decodes a quoted-printable body and encoded-word headers", async () => {
    const message = await fixture("quoted-printable-reply");
    expect(message).toMatchObject({ kind: "reply", subject: "Re: Ein Job für dich", from: "jose@example.com" });
    expect(message.text).toContain("am liebsten am Donnerstag um 10 Uhr – passt das für dich?");
    expect(message.text).toContain("Grüße, José");
  });

  it("takes a person's answer to an automatic reply for a reply: a reply prefix outweighs the subject", async () => {
    const message = await fixture("human-reply-automatic-subject");
    expect(message.kind).toBe("reply");
    expect(message.references[0]).toBe(firstStepId);
  });
});

describe("classifyInbound: bounces", () => {
  it("reads a Postfix delivery-status report: status, diagnostic, recipient and the returned message's id", async () => {
    const message = await fixture("postfix-dsn");
    expect(message.kind).toBe("bounce");
    expect(message.bounce).toEqual({
      status: "5.1.1",
      diagnostic: "550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table",
      recipient: "nobody@example.com",
      originalMessageId: firstStepId,
    });
  });

  it("reads an Exchange non-delivery report, the original's id from its text/rfc822-headers part", async () => {
    const message = await fixture("exchange-ndr");
    expect(message.kind).toBe("bounce");
    expect(message.bounce).toEqual({
      status: "5.1.10",
      diagnostic:
        "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient gone@contoso.example not found by SMTP address lookup",
      recipient: "gone@contoso.example",
      originalMessageId: firstStepId,
    });
    expect(message.text).toContain("couldn't be delivered");
  });

  it("reads a plain Gmail bounce from mailer-daemon: recipient from X-Failed-Recipients, original from In-Reply-To", async () => {
    const message = await fixture("gmail-mailer-daemon");
    expect(message.kind).toBe("bounce");
    expect(message.bounce).toMatchObject({ recipient: "nobody@gmail.com", originalMessageId: firstStepId });
    expect(message.bounce?.diagnostic).toContain("550 5.1.1 The email account that you tried to reach does not exist.");
    expect(message.bounce?.status).toBeUndefined();
  });

  it("does not take a report of delayed delivery for a bounce", async () => {
    const raw = (await readFile(new URL("./fixtures/postfix-dsn.eml", import.meta.url), "utf8"))
      .replace("Action: failed", "Action: delayed")
      .replace("Status: 5.1.1", "Status: 4.4.1");
    expect(await classifyInbound(raw)).toMatchObject({ kind: "auto_reply" });
  });
});

describe("classifyInbound: automatic replies", () => {
  it("takes an Outlook out-of-office reply for an automatic one, still threaded", async () => {
    const message = await fixture("outlook-auto-reply");
    expect(message).toMatchObject({
      kind: "auto_reply",
      inReplyTo: firstStepId,
      subject: "Automatic reply: A role at Acme",
    });
  });

  it("takes an RFC 3834 vacation reply for an automatic one whatever its subject", async () => {
    expect(await fixture("vacation-rfc3834")).toMatchObject({ kind: "auto_reply", inReplyTo: firstStepId });
  });

  const reply = (headers: string, subject = "Re: A role at Acme") =>
    `From: Ada <ada@example.com>\r\nTo: grace@recruiting.example\r\nSubject: ${subject}\r\nIn-Reply-To: ${firstStepId}\r\n${headers}Content-Type: text/plain\r\n\r\nHello\r\n`;

  it.each([
    ["Auto-Submitted: auto-generated\r\n", "auto_reply"],
    ["Auto-Submitted: no\r\n", "reply"],
    ["X-Autoreply: yes\r\n", "auto_reply"],
    ["X-Autorespond: Out of office\r\n", "auto_reply"],
    ["Precedence: auto_reply\r\n", "auto_reply"],
    ["Precedence: bulk\r\n", "auto_reply"],
    ["Precedence: junk\r\n", "auto_reply"],
    ["Precedence: list\r\n", "reply"],
    ["X-MS-Exchange-Inbox-Rules-Loop: ada@example.com\r\n", "auto_reply"],
    ["X-Auto-Response-Suppress: All\r\n", "reply"],
  ])("with %j the message is a %s", async (headers, kind) => {
    expect((await classifyInbound(reply(headers))).kind).toBe(kind);
  });

  it.each([
    ["Out of Office: A role at Acme", "auto_reply"],
    ["Out of office", "auto_reply"],
    ["Auto: A role at Acme", "auto_reply"],
    ["Abwesenheitsnotiz: A role at Acme", "auto_reply"],
    ["Réponse automatique : A role at Acme", "auto_reply"],
    ["AW: Abwesenheitsnotiz: A role at Acme", "reply"],
    ["Out of office until Monday, but yes, interested!", "reply"],
    ["Automatically yours", "reply"],
  ])("with the subject %j the message is a %s", async (subject, kind) => {
    expect((await classifyInbound(reply("", subject))).kind).toBe(kind);
  });

  it("takes other mail-system notices for automatic mail, never for replies", async () => {
    const notice = reply("", "Your mailbox is almost full").replace("Ada <ada@example.com>", "postmaster@example.com");
    expect((await classifyInbound(notice)).kind).toBe("auto_reply");
  });
});
