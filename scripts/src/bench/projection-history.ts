import { randomUUID } from "node:crypto";
import { inPgTransaction as inTransaction } from "@hirestream/api/pg-transaction.ts";
import { avatarColors } from "@hirestream/contracts/accounts/events.ts";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { deriveEventId } from "@hirestream/eventstore/event-id.ts";
import type { NewEvent } from "@hirestream/eventstore/event-store.ts";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";

/** Runs `work` on one client in one transaction: appends through it commit together. */
export { inTransaction };

export interface HistoryOptions {
  users: number;
  workspaces: number;
  /** Appends per transaction; four events each, so at most 1,023 (a transaction holds 4,096 positions). */
  workspacesPerTransaction: number;
  concurrency: number;
}

const start = Date.parse("2026-01-01T00:00:00.000Z");

/** Events of one command: ids derived from its id, metadata as the command handler writes it. */
export function command(events: DomainEvent[], actor: string, at: number, firstIndex = 0): NewEvent[] {
  const commandId = randomUUID();
  const metadata = {
    commandId,
    userId: actor,
    correlationId: commandId,
    causationId: commandId,
    occurredAt: new Date(at).toISOString(),
  };
  return events.map((event, index) => ({
    id: deriveEventId(commandId, firstIndex + index),
    type: event.type,
    data: event.data,
    metadata,
  }));
}

function workspaceHistory(index: number, users: string[]): { streamId: string; events: NewEvent[] } {
  const workspaceId = randomUUID();
  const ownerId = users[index % users.length] ?? randomUUID();
  const memberId = users[(index + 1) % users.length] ?? randomUUID();
  const at = start + index * 1000;
  const events = [
    ...command(
      [
        {
          type: "WorkspaceCreated",
          data: { workspaceId, name: `Workspace ${index}`, description: "Hiring", visible: true, ownerId },
        },
        { type: "WorkspaceMemberAdded", data: { workspaceId, userId: ownerId, role: "owner" } },
      ],
      ownerId,
      at,
    ),
    ...command([{ type: "WorkspaceRenamed", data: { workspaceId, name: `Team ${index}` } }], ownerId, at + 100),
    ...command(
      [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: memberId, role: "collaborator" } }],
      ownerId,
      at + 200,
    ),
  ];
  return { streamId: `workspace-${workspaceId}`, events };
}

/**
 * Appends a history for the projection bench through the store's own append (many streams per
 * transaction, to be quick): sign-ups, then per workspace a create (+ owner), a rename and a
 * second member. Returns the number of events appended.
 */
export async function appendHistory(
  pool: pg.Pool,
  store: PostgresEventStore,
  options: HistoryOptions,
  onProgress: (events: number) => void,
): Promise<number> {
  const users = Array.from({ length: options.users }, () => randomUUID());
  let events = 0;
  for (let first = 0; first < users.length; first += 4000) {
    await inTransaction(pool, async (client) => {
      for (const [offset, userId] of users.slice(first, first + 4000).entries()) {
        const signedUp: DomainEvent = {
          type: "UserSignedUp",
          data: {
            userId,
            email: `user-${first + offset}@bench.example`,
            passwordHash: "scrypt$bench$not-a-real-hash",
            firstName: "Bench",
            lastName: `User ${first + offset}`,
            color: avatarColors[offset % avatarColors.length] ?? "blue",
          },
        };
        await store.appendWith(client, `user-${userId}`, command([signedUp], userId, start), {
          expectedRevision: "no_stream",
        });
      }
    });
    events += Math.min(4000, users.length - first);
  }

  let nextChunk = 0;
  const chunks = Math.ceil(options.workspaces / options.workspacesPerTransaction);
  const worker = async () => {
    for (let chunk = nextChunk++; chunk < chunks; chunk = nextChunk++) {
      const from = chunk * options.workspacesPerTransaction;
      const to = Math.min(options.workspaces, from + options.workspacesPerTransaction);
      await inTransaction(pool, async (client) => {
        for (let index = from; index < to; index++) {
          const { streamId, events: history } = workspaceHistory(index, users);
          await store.appendWith(client, streamId, history, { expectedRevision: "no_stream" });
          events += history.length;
        }
      });
      onProgress(events);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return events;
}
