// Whether a candidate's reply asks to hear no more: read from what they wrote, not from what they
// quoted (our own messages, with their opt-out line, come back quoted under most replies).

/** The line every step ends with (compose-step-message.ts): quoted back, it is not the candidate's wish. */
export const OPT_OUT_LINE_START = "If you would rather not hear from us again";

/** Where the quoted message begins, as mail clients write it. */
const quoteStarts = [
  /^on\b.{0,200}\bwrote:\s*$/i, // Gmail, Apple Mail, Thunderbird
  /^-{2,}\s*original message\s*-{2,}/i, // Outlook
  /^_{8,}\s*$/, // Outlook's rule above its header block
  /^from:\s.+$/i, // a forwarded or Outlook header block
  /^le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^am\b.{0,200}\bschrieb\b.*:\s*$/i,
  /^el\b.{0,200}\bescribió:\s*$/i,
];

/** What the candidate wrote themselves: the lines above the quote, without quoted (`>`) lines or our opt-out line. */
export function ownWords(text: string): string {
  const lines: string[] = [];
  // Phones write typographic apostrophes: "don’t" is "don't".
  for (const line of text.replace(/[\u2018\u2019\u02bc]/g, "'").split(/\r?\n/)) {
    const trimmed = line.trim();
    if (quoteStarts.some((start) => start.test(trimmed))) break;
    if (trimmed.startsWith(">")) continue;
    if (trimmed.startsWith(OPT_OUT_LINE_START)) continue;
    lines.push(trimmed);
  }
  return lines.join("\n");
}

/** Words that undo a request when they come just before it ("don't stop sending", "not looking to unsubscribe"). */
const negation =
  /\b(?:don'?t|do\s+not|doesn'?t|didn'?t|never|not|no\s+need\s+to|won'?t|wouldn'?t|shouldn'?t)\s+(?:\w+\s+){0,2}$/i;
/** A condition, not a request: "if you don't email me back". */
const condition = /\b(?:if|unless|why|when)\s+(?:\w+\s+){0,2}$/i;

/** Requests to stop, each with what, just before it, undoes it. */
const requests: { pattern: RegExp; undoneBy: RegExp }[] = [
  { pattern: /\bunsubscribe\b/gi, undoneBy: negation },
  { pattern: /\bopt(?:ing)?[- ]?(?:me\s+)?out\b/gi, undoneBy: negation },
  {
    pattern:
      /\bstop\s+(?:e-?mailing|contacting|messaging|texting|writing\s+to|reaching\s+out\s+to|sending\s+(?:me|us|these|this|them|any|more|e-?mails|messages))\b/gi,
    undoneBy: negation,
  },
  {
    pattern:
      /\b(?:remove|delete|erase)\s+(?:me|my\s+(?:e-?mail|address|details|data|contact))\b(?!\s+from\s+the\s+(?:meeting|call|thread|invite|loop))/gi,
    undoneBy: negation,
  },
  { pattern: /\btake\s+me\s+off\b/gi, undoneBy: negation },
  // Itself a negation: only a condition before it undoes it.
  {
    pattern: /\b(?:do\s+not|don'?t|never)\s+(?:e-?mail|contact|message|write\s+to)\s+me\b(?!\s+back)/gi,
    undoneBy: condition,
  },
  { pattern: /\bno\s+(?:more|further)\s+(?:e-?mails|messages|contact)\b/gi, undoneBy: condition },
  { pattern: /\bleave\s+me\s+alone\b/gi, undoneBy: negation },
];

/** A reply of nothing but the word (STOP, Unsubscribe, Remove me), as people answer bulk mail. */
const lone = /^\s*(?:stop|unsubscribe|remove|remove me|opt out)\s*[.!]*\s*$/i;

/**
 * Whether the candidate asks us to stop mailing them. Careful by design: a wrongly read "stop" ends
 * every sequence to the address in every workspace, so only plain requests count, and a request
 * undone by what comes before it ("please don't stop sending me roles") does not.
 */
export function asksToStop(text: string): boolean {
  const own = ownWords(text);
  if (lone.test(own)) return true;
  return requests.some(({ pattern, undoneBy }) =>
    [...own.matchAll(pattern)].some((match) => {
      const at = match.index ?? 0;
      return !undoneBy.test(own.slice(Math.max(0, at - 40), at));
    }),
  );
}
