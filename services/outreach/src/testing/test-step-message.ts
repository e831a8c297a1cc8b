import { composeStepMessage, newMessageId } from "../mail/compose/compose-step-message.ts";

/** A first step's message from grace@recruiting.example to `to`, under a Message-ID named by `id`. */
export async function testStepMessage(id: string, to = "ada@example.com"): Promise<{ raw: Buffer; messageId: string }> {
  const composed = await composeStepMessage({
    from: { address: "grace@recruiting.example", name: "Grace Hopper" },
    to: { address: to, name: "Ada Lovelace" },
    subject: "A role at Acme",
    html: "<p>Hi Ada, we are hiring.</p>",
    messageId: newMessageId(id, "mail.hirestream.example"),
    date: new Date("2026-11-24T15:00:00Z"),
  });
  return { raw: composed.raw, messageId: composed.messageId };
}
