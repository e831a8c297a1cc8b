import { randomUUID } from "node:crypto";
import { renderTemplate } from "@hirestream/domain/templates/render-template.ts";
import { newMessageId } from "@hirestream/outreach/mail/compose/compose-step-message.ts";
import { samplePerson } from "./people-import-sample.ts";

// The worker's compose path alone, in one process, in µs per message: the outreach bench's step
// (its template, a candidate's name, the opt-out line and the pixel) filled and composed, a batch
// of 500 side by side as the batch sender composes them. A figure for before/after pairs run back
// to back on the same machine, not a budget:
//   node_modules/.bin/node scripts/src/bench/outreach-compose.ts [rounds]

const BATCH = 500;
// COMPOSE_MODULE names another copy of compose-step-message.ts (a before/after pair in one sitting).
const { composeStepMessage }: typeof import("@hirestream/outreach/mail/compose/compose-step-message.ts") = await import(
  process.env.COMPOSE_MODULE ?? "@hirestream/outreach/mail/compose/compose-step-message.ts"
);
const template = {
  subject: "A role for you, {{first_name}}",
  body: "<p>Hello {{first_name}}, we are hiring engineers.</p>",
};

function stepMessage(index: number) {
  const profile = samplePerson(index, "outreach");
  const filled = renderTemplate(template, { first_name: profile.first_name ?? "there" });
  const token = randomUUID().replaceAll("-", "").slice(0, 22);
  return {
    from: { address: `talent${index % 20}@hirestream.bench`, name: `Talent ${index % 20}` },
    to: { address: profile.email ?? `person${index}@example.com`, name: `${profile.first_name} ${profile.last_name}` },
    subject: filled.subject,
    html: filled.html,
    messageId: newMessageId(randomUUID(), "localhost"),
    date: new Date(),
    optOutUrl: `http://localhost:3000/u/${token}.AAAAAAAAAAAAAAAA`,
    pixelUrl: `http://localhost:3000/o/${token}.1.BBBBBBBBBBBBBBBB`,
  };
}

async function batch(first: number): Promise<number> {
  const composed = await Promise.all(
    Array.from({ length: BATCH }, (_, offset) => composeStepMessage(stepMessage(first + offset))),
  );
  return composed.reduce((bytes, each) => bytes + each.raw.length, 0);
}

/** µs per message over `batches` batches. */
async function round(batches: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < batches; index++) await batch(index * BATCH);
  return ((performance.now() - started) * 1000) / (batches * BATCH);
}

const rounds = Number(process.argv[2] ?? 7);
await round(10); // warm up: compile and optimise
const figures: number[] = [];
for (let index = 0; index < rounds; index++) figures.push(await round(10));
figures.sort((a, b) => a - b);
const median = figures[Math.floor(figures.length / 2)] ?? Number.NaN;
console.log(
  `compose: ${median.toFixed(1)} µs per message (median of ${rounds} rounds of ${(10 * BATCH).toLocaleString("en-US")}; ` +
    `all: ${figures.map((figure) => figure.toFixed(1)).join(", ")})`,
);
