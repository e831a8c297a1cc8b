import type { ParsedMail } from "mailparser";
import { addressesOf, headerText } from "./parsed-headers.ts";

// Subjects automatic replies start with, lower-case. A subject counts only when it is one of these or
// starts with one followed by a colon ("Automatic reply: …"): "RE: Automatic reply: …" is a person
// answering, and "Out of office until Monday, but yes!" a person writing. A person's answer must never
// be taken for an automatic one: the sequence would go on writing to someone who replied.
const automaticSubjects = [
  "out of office",
  "out of the office",
  "automatic reply",
  "auto",
  "autoreply",
  "auto-reply",
  "auto reply",
  "abwesenheitsnotiz",
  "automatische antwort",
  "réponse automatique",
  "respuesta automática",
  "fuera de la oficina",
  "risposta automatica",
  "automatisch antwoord",
];

// Subjects bounce notices carry when they come as plain messages rather than reports.
const bounceSubjects = [
  "undelivered mail returned to sender",
  "delivery status notification (failure)",
  "mail delivery failed",
  "undeliverable",
  "undelivered mail",
  "returned mail",
  "delivery failure",
  "failure notice",
  "mail delivery failure",
  "unzustellbar",
  "non remis",
];

function subjectStartsWith(subject: string, phrases: string[]): boolean {
  const text = subject.trim().toLowerCase();
  return phrases.some(
    (phrase) => text === phrase || (text.startsWith(phrase) && text.slice(phrase.length).trimStart().startsWith(":")),
  );
}

/** From a mail system rather than a person: MAILER-DAEMON or postmaster. */
export function isFromMailSystem(mail: ParsedMail): boolean {
  return addressesOf(mail.from).some((address) => {
    const local = address.split("@")[0] ?? "";
    return local === "mailer-daemon" || local === "postmaster";
  });
}

export function hasBounceSubject(mail: ParsedMail): boolean {
  return subjectStartsWith(mail.subject ?? "", bounceSubjects);
}

/**
 * Sent by a program, not typed by a person: RFC 3834's Auto-Submitted (any value but `no`), the
 * vendor headers autoresponders set, a Precedence of auto_reply, bulk or junk, an Exchange inbox
 * rule's loop marker, or an out-of-office subject. X-Auto-Response-Suppress is not taken alone:
 * Outlook sets it on mail people write too.
 */
export function isAutomatic(mail: ParsedMail): boolean {
  const autoSubmitted = headerText(mail, "auto-submitted")?.split(";")[0]?.trim().toLowerCase();
  if (autoSubmitted !== undefined && autoSubmitted !== "" && autoSubmitted !== "no") return true;
  if (["x-autoreply", "x-autorespond", "x-ms-exchange-inbox-rules-loop"].some((name) => mail.headers.has(name))) {
    return true;
  }
  const precedence = headerText(mail, "precedence")?.trim().toLowerCase();
  if (precedence === "auto_reply" || precedence === "bulk" || precedence === "junk") return true;
  return subjectStartsWith(mail.subject ?? "", automaticSubjects);
}
