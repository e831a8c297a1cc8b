import { randomUUID } from "node:crypto";
import { credentialStream } from "@hirestream/api/credentials/credential-commands.ts";
import { personStream } from "@hirestream/api/people/person-commands.ts";
import { processorStream } from "@hirestream/api/processors/processor-commands.ts";
import { sequenceStream } from "@hirestream/api/sequences/sequence-commands.ts";
import type { SendingLimits } from "@hirestream/contracts/credentials/limits.ts";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import { samplePerson } from "./people-import-sample.ts";
import { command, inTransaction } from "./projection-history.ts";

/** Streams per transaction (a transaction holds at most 4,096 positions). */
const STREAMS_PER_TRANSACTION = 1000;

export interface SeededOutreach {
  processorIds: string[];
  credentialIds: string[];
}

async function appendAll(
  pool: pg.Pool,
  store: PostgresEventStore,
  streams: { streamId: string; events: DomainEvent[] }[],
  actor: string,
): Promise<void> {
  for (let first = 0; first < streams.length; first += STREAMS_PER_TRANSACTION) {
    await inTransaction(pool, async (client) => {
      for (const { streamId, events } of streams.slice(first, first + STREAMS_PER_TRANSACTION)) {
        await store.appendWith(client, streamId, command(events, actor, Date.now()), { expectedRevision: "no_stream" });
      }
    });
  }
}

/**
 * One workspace with `credentials` local mailboxes, a one-step sequence per mailbox (any hour, any
 * day), and `candidates` people each with a run of one of them (round robin) whose payload was
 * sent: what the API would have appended after the recruiter pressed Send for each, appended
 * straight to the event store. The reactions and the worker are what is measured.
 */
export async function seedOutreach(
  pool: pg.Pool,
  store: PostgresEventStore,
  options: { candidates: number; credentials: number; limits: SendingLimits },
): Promise<SeededOutreach> {
  const actor = randomUUID();
  const workspaceId = randomUUID();
  const projectId = randomUUID();
  const stageId = randomUUID();
  const at = new Date().toISOString();
  const credentialIds = Array.from({ length: options.credentials }, () => randomUUID());
  const sequenceIds = credentialIds.map(() => randomUUID());
  const fields = { defaults: [{ name: "first_name", used: true }], customs: [] };

  await appendAll(
    pool,
    store,
    credentialIds.flatMap((credentialId, index) => {
      const sequenceId = sequenceIds[index] ?? randomUUID();
      const email = `talent${index}@hirestream.bench`;
      return [
        {
          streamId: credentialStream(credentialId),
          events: [
            {
              type: "CredentialAdded",
              data: {
                credentialId,
                workspaceId,
                userId: actor,
                providerType: "local",
                name: `Talent ${index}`,
                email,
                ...options.limits,
                hasImap: false,
              },
            },
          ],
        },
        {
          streamId: sequenceStream(sequenceId),
          events: [
            {
              type: "SequenceCreated",
              data: {
                sequenceId,
                workspaceId,
                userId: actor,
                name: `Outreach ${index}`,
                description: "",
                hasReview: false,
                hasWrite: false,
                allowSendWeekend: true,
                allowSendHoliday: true,
                holidayCountry: "US",
                timezone: "America/Chicago",
                payloadFields: fields,
                steps: [
                  {
                    id: randomUUID(),
                    position: 1,
                    name: "Step 1",
                    delay: 0,
                    templateSubject: "A role for you, {{first_name}}",
                    templateBody: "<p>Hello {{first_name}}, we are hiring engineers.</p>",
                    providerId: credentialId,
                    from: email,
                    hasProviderSignature: false,
                    workdayStart: "12am",
                    workdayEnd: "--",
                    defaultFields: ["first_name"],
                    customFields: [],
                  },
                ],
              },
            },
          ],
        },
      ] satisfies { streamId: string; events: DomainEvent[] }[];
    }),
    actor,
  );

  const processorIds: string[] = [];
  const streams: { streamId: string; events: DomainEvent[] }[] = [];
  for (let index = 0; index < options.candidates; index++) {
    const personId = randomUUID();
    const processorId = randomUUID();
    processorIds.push(processorId);
    const profile = samplePerson(index, "outreach");
    const credential = index % options.credentials;
    streams.push({
      streamId: personStream(personId),
      events: [{ type: "PersonAdded", data: { personId, ownerId: actor, profile, workspaceId, source: "import" } }],
    });
    const ids = { processorId, projectId, workspaceId };
    streams.push({
      streamId: processorStream(processorId),
      events: [
        {
          type: "ProcessorStarted",
          data: {
            ...ids,
            candidacyId: randomUUID(),
            personId,
            stageId,
            sequenceId: sequenceIds[credential] ?? randomUUID(),
            totalSteps: 1,
            hasReview: false,
            fields,
            values: { first_name: profile.first_name ?? "there" },
            timeZone: "America/Chicago",
            timeZoneSource: "sequence",
            at,
          },
        },
        { type: "PayloadApproved", data: { ...ids, by: actor, at } },
      ],
    });
  }
  await appendAll(pool, store, streams, actor);
  return { processorIds, credentialIds };
}
