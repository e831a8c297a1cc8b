import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeStepMessage, newMessageId, type StepMessage } from "./compose-step-message.ts";

const firstStep: StepMessage = {
  from: { address: "grace@recruiting.example", name: "Grace Hopper" },
  to: { address: "ada@example.com", name: "Ada Lovelace" },
  subject: "A role at Acme",
  html: '<p>Hi Ada,</p><p>We are <strong>hiring</strong>: <a href="https://acme.example/jobs">see the role</a>.</p>',
  messageId: newMessageId("0b5a2c44-4f5e-4d7a-9d0e-3a1f2b6c7d8e", "mail.hirestream.example"),
  date: new Date("2026-11-24T15:00:00Z"),
};

async function composedAndParsed(step: StepMessage) {
  const composed = await composeStepMessage(step);
  return { composed, parsed: await simpleParser(composed.raw) };
}

describe("composeStepMessage", () => {
  it("builds a multipart message with our Message-ID, both addresses and an HTML and a text part", async () => {
    const { parsed, composed } = await composedAndParsed(firstStep);
    expect(parsed.messageId).toBe("<0b5a2c44-4f5e-4d7a-9d0e-3a1f2b6c7d8e@mail.hirestream.example>");
    expect(composed.messageId).toBe(parsed.messageId);
    expect(parsed.from?.value).toEqual([{ address: "grace@recruiting.example", name: "Grace Hopper" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "ada@example.com", name: "Ada Lovelace" }] });
    expect(parsed.subject).toBe("A role at Acme");
    expect(parsed.date?.toISOString()).toBe("2026-11-24T15:00:00.000Z");
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.references).toBeUndefined();
    expect(parsed.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(parsed.html).toContain('<a href="https://acme.example/jobs">see the role</a>');
    expect(parsed.text).toContain("We are hiring: see the role [https://acme.example/jobs].");
  });

  it("threads a later step on all previous ones and replies with the last subject when it sets none", async () => {
    const { parsed, composed } = await composedAndParsed({
      ...firstStep,
      subject: "   ",
      previous: {
        messageIds: ["<one@mail.hirestream.example>", "<two@mail.hirestream.example>"],
        subject: "A role at Acme",
      },
    });
    expect(parsed.subject).toBe("Re: A role at Acme");
    expect(parsed.inReplyTo).toBe("<two@mail.hirestream.example>");
    expect(parsed.references).toEqual(["<one@mail.hirestream.example>", "<two@mail.hirestream.example>"]);
    expect(composed).toMatchObject({ inReplyTo: "<two@mail.hirestream.example>", subject: "Re: A role at Acme" });
  });

  it("does not stack Re: and keeps a later step's own subject while still threading it", async () => {
    const previous = { messageIds: ["<one@mail.hirestream.example>"], subject: "Re: A role at Acme" };
    expect((await composedAndParsed({ ...firstStep, subject: "", previous })).parsed.subject).toBe(
      "Re: A role at Acme",
    );
    const own = (await composedAndParsed({ ...firstStep, subject: "One more thing", previous })).parsed;
    expect(own.subject).toBe("One more thing");
    expect(own.inReplyTo).toBe("<one@mail.hirestream.example>");
  });

  it("replies with Re: when a later step repeats the subject the thread began with", async () => {
    const previous = { messageIds: ["<one@mail.hirestream.example>"], subject: "A role at Acme" };
    const again = (await composedAndParsed({ ...firstStep, subject: "a role at acme ", previous })).parsed;
    expect(again.subject).toBe("Re: A role at Acme");
  });

  it("refuses a first step without a subject", async () => {
    await expect(composeStepMessage({ ...firstStep, subject: "" })).rejects.toMatchObject({
      code: "VALIDATION",
      pointer: "template_subject",
    });
  });

  it("removes scripts, event handlers, styles and javascript: links from the body and the signature", async () => {
    const { parsed } = await composedAndParsed({
      ...firstStep,
      html: `<p onclick="steal()">Hi</p><script>alert(1)</script><img src="x" onerror="alert(2)"><style>p{}</style><a href="javascript:alert(3)">click</a><a href="mailto:grace@recruiting.example">mail me</a>`,
      signatureHtml: `<div><em>Grace</em><iframe src="https://evil.example"></iframe></div>`,
    });
    const html = parsed.html || "";
    for (const banned of ["script", "alert", "onclick", "onerror", "<img", "<style", "javascript:", "iframe"]) {
      expect(html).not.toContain(banned);
    }
    expect(html).toContain(
      '<p>Hi</p><a>click</a><a href="mailto:grace@recruiting.example">mail me</a><br /><div><em>Grace</em></div>',
    );
    expect(parsed.text).not.toContain("alert");
    expect(parsed.text).toContain("Grace");
  });

  it("encodes non-ASCII subjects and names as encoded words and reads them back", async () => {
    const composed = await composeStepMessage({
      ...firstStep,
      from: { address: "zoe@recruiting.example", name: "Zoë Ångström" },
      to: { address: "jose@example.com", name: "José Müller" },
      subject: "Ein Job für dich – 日本語 🚀",
    });
    const head = composed.raw.toString("latin1").split("\r\n\r\n")[0] ?? "";
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
    expect([...head].every((character) => character.charCodeAt(0) < 128)).toBe(true);
    const parsed = await simpleParser(composed.raw);
    expect(parsed.subject).toBe("Ein Job für dich – 日本語 🚀");
    expect(parsed.from?.value[0]?.name).toBe("Zoë Ångström");
    expect(parsed.to).toMatchObject({ value: [{ name: "José Müller" }] });
  });

  it("keeps every line of the message within SMTP's limit and a long line of the body intact", async () => {
    const long = `${"word ".repeat(600)}end`;
    const composed = await composeStepMessage({ ...firstStep, html: `<p>${long}</p>`, subject: "x".repeat(300) });
    const lines = composed.raw.toString("latin1").split("\r\n");
    expect(lines.filter((line) => line.includes("\n"))).toEqual([]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(998);
    const parsed = await simpleParser(composed.raw);
    expect(parsed.html).toContain(long);
    expect(parsed.subject).toBe("x".repeat(300));
  });
});

describe("composeStepMessage: the way out", () => {
  const url = "https://crm.example/api/v1/opt_outs/AbC-123.xyz";

  it("carries List-Unsubscribe with the URL and RFC 8058's one-click header", async () => {
    const { parsed } = await composedAndParsed({ ...firstStep, optOutUrl: url });
    const line = (key: string) => parsed.headerLines.find((each) => each.key === key)?.line;
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("list-unsubscribe")).toBe(`List-Unsubscribe: <${url}>`);
  });

  it("shows the opt-out link below the body, in the HTML and in the text part", async () => {
    const { parsed, composed } = await composedAndParsed({ ...firstStep, optOutUrl: url });
    expect(String(parsed.html).replaceAll("\r\n", "\n")).toContain(
      `<p>If you would rather not hear from us again,\n<a href="${url}"\n>opt out of these emails</a>.</p>`,
    );
    expect(parsed.text).toContain(`If you would rather not hear from us again, opt out of these emails:\n${url}`);
    // The thread shows the message as written; the line is the mail's, not the recruiter's.
    expect(composed.html).not.toContain(url);
  });

  it("keeps a short message's lines within 76 characters, so its parts go out unencoded", async () => {
    const short = "http://localhost:3000/u/AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB";
    const { composed } = await composedAndParsed({
      ...firstStep,
      html: "<p>Hi Ada, we are hiring.</p>",
      optOutUrl: short,
    });
    const raw = composed.raw.toString("latin1");
    expect(raw).not.toContain("quoted-printable");
    expect(raw.split("\r\n").filter((line) => line.length > 76)).toEqual([]);
  });

  it("leaves the headers and the line out when no URL is given (a sequence's Test)", async () => {
    const { parsed } = await composedAndParsed(firstStep);
    expect(parsed.headerLines.some((each) => each.key.startsWith("list-"))).toBe(false);
    expect(parsed.text).not.toContain("opt out");
  });
});

describe("composeStepMessage: the tracking pixel", () => {
  const pixel = "https://crm.example/o/AbC.1.xyz";
  const optOut = "https://crm.example/api/v1/opt_outs/AbC-123.xyz";

  it("puts a 1×1 image below the body and above the opt-out line, in the HTML part only", async () => {
    const { parsed, composed } = await composedAndParsed({ ...firstStep, pixelUrl: pixel, optOutUrl: optOut });
    const html = parsed.html || "";
    expect(html).toMatch(new RegExp(`<img\\s+src="${pixel}"\\s+width="1" height="1" alt=""`));
    expect(html.indexOf(pixel)).toBeGreaterThan(html.indexOf("see the role"));
    expect(html.indexOf(pixel)).toBeLessThan(html.indexOf("opt out of these emails"));
    expect(parsed.text).not.toContain(pixel);
    // The thread and the person's Messages show the message as written, without the pixel.
    expect(composed.html).not.toContain("<img");
  });

  it("keeps the pixel on lines of its own, so a short-lined body stays unencoded", async () => {
    const { composed } = await composedAndParsed({ ...firstStep, html: "<p>Hi Ada</p>", pixelUrl: pixel });
    expect(composed.raw.toString("latin1")).not.toContain("quoted-printable");
    const imageLine = (
      composed.raw
        .toString("latin1")
        .split("\r\n")
        .find((line) => line.includes(pixel)) ?? ""
    ).trim();
    expect(imageLine).toBe(`src="${pixel}"`);
  });

  it("leaves the image out when the sequence does not track opens", async () => {
    const { parsed } = await composedAndParsed({ ...firstStep, optOutUrl: optOut });
    expect(parsed.html).not.toContain("<img");
  });
});
