import { randomUUID } from "node:crypto";
import { deriveEventId } from "@hirestream/eventstore/event-id.ts";
import type { NewEvent } from "@hirestream/eventstore/event-store.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import pg from "pg";
import { type LoopResult, runTimedLoop } from "./timed-loop.ts";

export const CONNECTIONS = 16;

export interface AppendRound {
  raw: LoopResult;
  store: LoopResult;
}

export interface EventStoreBenchResult {
  rounds: AppendRound[];
  /** Appends to one long stream per worker with the exact expected revision (context only). */
  exactRevision: LoopResult;
  payloadBytes: number;
}

const actorId = randomUUID();

/** The payload both sides write: a rename, the most common command's event. */
function eventData(workspaceId: string) {
  return { workspaceId, name: "Senior backend engineers, Berlin — autumn hiring round" };
}

function newEvent(workspaceId: string): NewEvent {
  const commandId = randomUUID();
  return {
    id: deriveEventId(commandId, 0),
    type: "WorkspaceRenamed",
    data: eventData(workspaceId),
    metadata: {
      commandId,
      userId: actorId,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: new Date().toISOString(),
    },
  };
}

/** Opens every connection up front, so neither side pays for connecting inside its timed run. */
async function warm(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  for (const client of clients) client.release();
}

/**
 * Single-event appends through the PostgresEventStore vs single-row INSERTs into a plain table,
 * 16 connections each, alternated so that neither side always runs on a warmer cache.
 */
export async function benchEventStore(
  url: string,
  options: { durationMs: number; rounds: number; log: (line: string) => void },
): Promise<EventStoreBenchResult> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on("error", (error) => options.log(`  idle connection lost: ${error.message}`));
  try {
    await pool.query("create table raw_inserts (id bigserial primary key, stream text not null, data jsonb not null)");
    await warm(pool);
    const store = new PostgresEventStore({ pool });
    const rawInsert = async () => {
      const workspaceId = randomUUID();
      await pool.query("insert into raw_inserts (stream, data) values ($1, $2)", [
        `workspace-${workspaceId}`,
        JSON.stringify(eventData(workspaceId)),
      ]);
    };
    const appendToNewStream = async () => {
      const workspaceId = randomUUID();
      await store.appendToStream(`workspace-${workspaceId}`, [newEvent(workspaceId)], {
        expectedRevision: "no_stream",
      });
    };

    const rounds: AppendRound[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      await pool.query("checkpoint");
      const raw = await runTimedLoop(CONNECTIONS, options.durationMs, rawInsert);
      options.log(`  round ${round}: raw INSERT ${Math.round(raw.perSecond)}/s (${raw.operations} rows)`);
      await pool.query("checkpoint");
      const appended = await runTimedLoop(CONNECTIONS, options.durationMs, appendToNewStream);
      options.log(`  round ${round}: event store ${Math.round(appended.perSecond)}/s (${appended.operations} appends)`);
      rounds.push({ raw, store: appended });
    }

    const streams = Array.from({ length: CONNECTIONS }, () => ({ workspaceId: randomUUID(), revision: -1 }));
    await pool.query("checkpoint");
    const exactRevision = await runTimedLoop(CONNECTIONS, options.durationMs, async (worker) => {
      const stream = streams[worker];
      if (!stream) throw new Error(`no stream for worker ${worker}`);
      const result = await store.appendToStream(`workspace-${stream.workspaceId}`, [newEvent(stream.workspaceId)], {
        expectedRevision: stream.revision < 0 ? "no_stream" : stream.revision,
      });
      stream.revision = result.nextExpectedRevision;
    });
    options.log(`  event store, exact revision on 16 long streams: ${Math.round(exactRevision.perSecond)}/s`);
    await store.close();
    return { rounds, exactRevision, payloadBytes: JSON.stringify(eventData(randomUUID())).length };
  } finally {
    await pool.end();
  }
}
