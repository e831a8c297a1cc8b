import { describe, expect, it } from "vitest";
import { classifyInbound } from "./classify-inbound.ts";

const plain = (body: string) =>
  [
    "From: Ada Lovelace <ada@example.com>",
    "To: jobs@acme.example",
    "Subject: Re: A role",
    "Message-ID: <plain-1@example.com>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
  ].join("\r\n");

describe("classifyInbound: a message with a text part alone", () => {
  it("gives the text as HTML paragraphs too, for showing it where HTML is shown", async () => {
    const message = await classifyInbound(plain("Happy to talk.\r\nThursday works."));
    expect(message.html).toBeUndefined();
    expect(message.textAsHtml).toBe("<p>Happy to talk.<br />Thursday works.</p>");
  });

  it("escapes markup the text holds, so it shows as text and never runs", async () => {
    const message = await classifyInbound(plain('<script>alert(1)</script><img src=x onerror="alert(2)">'));
    expect(message.textAsHtml).not.toContain("<script");
    expect(message.textAsHtml).not.toContain("<img");
    expect(message.textAsHtml).toContain("&lt;script&gt;");
  });
});
