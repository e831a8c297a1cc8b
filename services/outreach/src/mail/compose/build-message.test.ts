import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { buildMessage, messageBoundary } from "./build-message.ts";

const mail = (content: { html?: string; text?: string }) =>
  new MailComposer({
    from: "Zoë <zoe@recruiting.example>",
    to: "ada@example.com",
    subject: "Ein Job für dich",
    ...content,
    baseBoundary: "fixed",
    date: new Date("2026-11-24T15:00:00Z"),
    messageId: "<one@mail.hirestream.example>",
  });

describe("buildMessage", () => {
  it("gives the very bytes the composer's build gives, for short, long and single-part messages", async () => {
    const long = `<p>${"wörd ".repeat(400)}</p>`;
    for (const content of [{ html: "<p>Hi</p>", text: "Hi" }, { html: long, text: long }, { text: "no line break" }]) {
      const built = await mail(content).compile().build();
      expect((await buildMessage(mail(content).compile())).toString("latin1")).toBe(built.toString("latin1"));
    }
  });

  it("draws a different boundary for every message", () => {
    const boundaries = new Set(Array.from({ length: 100 }, messageBoundary));
    expect(boundaries.size).toBe(100);
    expect([...boundaries].every((boundary) => /^[0-9a-f]{32}$/.test(boundary))).toBe(true);
  });
});
