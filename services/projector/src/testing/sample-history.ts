import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";

/** A repeatable pseudo-random sequence (mulberry32), so a failing history can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Appends a history touching every read model: sign-ups, password changes and resets, profile
 * edits, workspaces created, renamed, hidden, joined, left and removed, people added, edited and
 * shared into workspaces. Returns the event count.
 */
export async function appendSampleHistory(
  store: EventStore,
  options: { commands: number; seed: number },
): Promise<number> {
  const random = seededRandom(options.seed);
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
  const users: string[] = [];
  const workspaces = new Map<string, { members: Set<string> }>();
  const people: string[] = [];
  const revisions = new Map<string, number>();
  let clock = Date.parse("2026-01-01T00:00:00.000Z");
  let count = 0;

  const append = async (streamId: string, events: DomainEvent[], actor: string | null) => {
    clock += 1000 + Math.floor(random() * 5000);
    const result = await appendEvents(store, streamId, events, {
      occurredAt: new Date(clock).toISOString(),
      actor,
      expectedRevision: revisions.get(streamId) ?? "no_stream",
    });
    revisions.set(streamId, result.nextExpectedRevision);
    count += events.length;
  };

  /** A person added (to the pool, or to a workspace as well), edited, or shared into a workspace. */
  const appendPersonEvent = async (n: number, user: string, workspaceId: string) => {
    const personId = pick(people);
    const kind = random();
    if (kind < 0.5 || !personId) {
      const id = randomUUID();
      people.push(id);
      const profile = { ...emptyProfile(), first_name: `Person ${n}`, email: `p${n}@example.com` };
      await append(
        `person-${id}`,
        [
          {
            type: "PersonAdded",
            data: {
              personId: id,
              ownerId: user,
              profile,
              workspaceId: kind < 0.25 ? workspaceId : null,
              source: "import",
            },
          },
        ],
        user,
      );
    } else if (kind < 0.8) {
      await append(
        `person-${personId}`,
        [
          {
            type: "PersonProfileChanged",
            data: { personId, changes: { title: `Title ${n}`, experience: [{ company: `C${n}` }] } },
          },
        ],
        user,
      );
    } else {
      await append(`person-${personId}`, [{ type: "PersonAddedToWorkspace", data: { personId, workspaceId } }], user);
    }
  };

  for (let n = 0; n < options.commands; n++) {
    const roll = random();
    const user = pick(users);
    const workspaceId = pick([...workspaces.keys()]);
    const workspace = workspaceId ? workspaces.get(workspaceId) : undefined;
    if (roll < 0.15 || !user) {
      const userId = randomUUID();
      users.push(userId);
      await append(
        `user-${userId}`,
        [
          {
            type: "UserSignedUp",
            data: {
              userId,
              email: `${userId}@example.com`,
              passwordHash: "scrypt$x",
              firstName: "",
              lastName: "",
              color: "blue",
            },
          },
        ],
        null,
      );
    } else if (roll < 0.22) {
      await append(
        `user-${user}`,
        [
          {
            type: "UserPasswordResetRequested",
            data: { userId: user, tokenHash: `t${n}`, expiresAt: new Date(clock + 3600_000).toISOString() },
          },
        ],
        user,
      );
    } else if (roll < 0.27) {
      await append(
        `user-${user}`,
        [{ type: "UserPasswordChanged", data: { userId: user, passwordHash: `scrypt$${n}` } }],
        user,
      );
    } else if (roll < 0.33) {
      await append(
        `user-${user}`,
        [
          {
            type: "UserProfileUpdated",
            data: { userId: user, firstName: `F${n}`, lastName: `L${n}`, color: "green", picture: null },
          },
        ],
        user,
      );
    } else if (roll < 0.5 || !workspaceId || !workspace) {
      const id = randomUUID();
      workspaces.set(id, { members: new Set([user]) });
      await append(
        `workspace-${id}`,
        [
          {
            type: "WorkspaceCreated",
            data: {
              workspaceId: id,
              name: `Workspace ${n}`,
              description: "New Workspace",
              visible: true,
              ownerId: user,
            },
          },
          { type: "WorkspaceMemberAdded", data: { workspaceId: id, userId: user, role: "owner" } },
        ],
        user,
      );
    } else if (roll < 0.65) {
      await append(
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceRenamed", data: { workspaceId, name: `Renamed ${n}` } }],
        user,
      );
    } else if (roll < 0.7) {
      await append(
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceVisibilityChanged", data: { workspaceId, visible: random() < 0.5 } }],
        user,
      );
    } else if (roll < 0.85) {
      const guest = pick(users);
      if (!guest || workspace.members.has(guest)) continue;
      workspace.members.add(guest);
      await append(
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: guest, role: "collaborator" } }],
        user,
      );
    } else if (roll < 0.93) {
      const [, guest] = [...workspace.members];
      if (!guest) continue;
      workspace.members.delete(guest);
      await append(
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberLeft", data: { workspaceId, userId: guest } }],
        guest,
      );
    } else if (roll < 0.97) {
      await appendPersonEvent(n, user, workspaceId);
    } else {
      workspaces.delete(workspaceId);
      await append(`workspace-${workspaceId}`, [{ type: "WorkspaceRemoved", data: { workspaceId } }], user);
    }
  }
  return count;
}
