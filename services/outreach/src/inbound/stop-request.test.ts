import { describe, expect, it } from "vitest";
import { classifyInbound } from "./classify-inbound.ts";
import { asksToStop, ownWords } from "./stop-request.ts";

const quotedStep = [
  "On Tue, Nov 24, 2026 at 9:00 AM Talent Team <talent@acme.example> wrote:",
  "> Hello Ada, a backend role at Acme.",
  "> If you would rather not hear from us again, opt out of these emails:",
  "> https://crm.example/api/v1/opt_outs/abc.def",
].join("\n");

describe("asksToStop: replies that ask to hear no more", () => {
  it.each([
    "STOP",
    "Unsubscribe",
    "remove me.",
    "Please unsubscribe me from this list.",
    "Hi, I've accepted an offer elsewhere. Please stop emailing me.",
    "Please remove me from your mailing list.",
    "Kindly take me off your list, thanks.",
    "Do not contact me again.",
    "don't email me anymore",
    "Please don’t contact me again.",
    "I'd like to opt out of these messages.",
    "Opt me out please",
    "No more emails, please.",
    "Please stop sending me these.",
    "Not interested. Remove my email address from your database.",
    "Just leave me alone.",
    "Thanks but no thanks.\nUnsubscribe.",
  ])("%j asks to stop", (text) => {
    expect(asksToStop(text)).toBe(true);
  });

  it("reads a request above the quoted step", () => {
    expect(asksToStop(`Please stop contacting me.\n\n${quotedStep}`)).toBe(true);
  });
});

describe("asksToStop: replies that must not count", () => {
  it.each([
    "Please don't stop sending me roles like this one!",
    "Please don’t stop sending me roles like this one!",
    "Don't unsubscribe me, I was just busy this month.",
    "I'm not looking to unsubscribe, just travelling. Let's talk next week.",
    "Can we stop by your office on Thursday?",
    "I'll stop in at 3pm if that works.",
    "Yes, I'm interested. What's the salary range?",
    "If you don't email me back by Friday I'll assume the role is filled.",
    "Could you remove me from the meeting invite and send the notes instead?",
    "I unsubscribed from the newsletter, but this role looks great.",
    "Stop press: I just accepted a contract, but keep me posted on permanent roles.",
    "Sounds good, send me more details please.",
  ])("%j does not ask to stop", (text) => {
    expect(asksToStop(text)).toBe(false);
  });

  it("does not read our own opt-out line in the quoted step as the candidate's wish", () => {
    expect(asksToStop(`Sounds great, Thursday works.\n\n${quotedStep}`)).toBe(false);
  });

  it("does not read an Outlook-quoted step below the candidate's answer", () => {
    const outlook = [
      "Happy to chat!",
      "",
      "________________________________",
      "From: Talent Team <talent@acme.example>",
      "Sent: Tuesday, November 24, 2026 9:00 AM",
      "Subject: A role for Ada",
      "",
      "Reply STOP to unsubscribe.",
    ].join("\n");
    expect(asksToStop(outlook)).toBe(false);
  });

  it("keeps the candidate's lines and leaves out quoted ones", () => {
    expect(ownWords(`Hi\n> quoted\nThanks\n${quotedStep}`)).toBe("Hi\nThanks");
  });
});

const mail = (body: string, headers: string[] = []) =>
  [
    "From: Ada Lovelace <ada@example.com>",
    "To: talent@acme.example",
    "Subject: Re: A role for Ada",
    "Message-ID: <stop-1@example.com>",
    "In-Reply-To: <step-1@crm.example>",
    ...headers,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
  ].join("\r\n");

describe("classifyInbound: a reply that asks to stop", () => {
  it("is a reply that asks to stop", async () => {
    const message = await classifyInbound(mail(`Please stop emailing me.\r\n\r\n${quotedStep}`));
    expect(message).toMatchObject({ kind: "reply", asksToStop: true });
  });

  it("is a plain reply when it only quotes the opt-out line", async () => {
    const message = await classifyInbound(mail(`Thursday at 10 works for me.\r\n\r\n${quotedStep}`));
    expect(message).toMatchObject({ kind: "reply", asksToStop: false });
  });

  it("never takes an automatic answer for a request to stop", async () => {
    const message = await classifyInbound(
      mail("I am out of the office. Please do not contact me until Monday.", ["Auto-Submitted: auto-replied"]),
    );
    expect(message).toMatchObject({ kind: "auto_reply", asksToStop: false });
  });
});
