import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { seededRandom } from "./sample-history.ts";

const projectRoles: ProjectRole[] = ["owner", "manager", "collaborator", "viewer"];

/**
 * Appends a team's history in one workspace: projects made and removed, members joining, changing
 * role and leaving, candidates added and moved by members and by others, seconds to minutes apart
 * (so a member's activity is sometimes within a minute of the last), invitations sent, answered
 * and waiting for a sign-up. Returns the event count.
 */
export async function appendTeamHistory(store: EventStore, options: { commands: number; seed: number }) {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const workspaceId = randomUUID();
  const owner = randomUUID();
  const team = [owner, randomUUID(), randomUUID(), randomUUID()];
  const projects = new Map<string, { members: Set<string>; candidacies: string[] }>();
  const waiting = new Map<string, { toEmail: string; toUserId: string | null }>();
  const invitedEmails: string[] = [];
  let clock = Date.parse("2026-06-01T09:00:00.000Z");
  let count = 0;
  const append = async (streamId: string, events: DomainEvent[], actor: string | null) => {
    clock += 5_000 + Math.floor(random() * 85_000);
    await appendEvents(store, streamId, events, { occurredAt: new Date(clock).toISOString(), actor });
    count += events.length;
  };

  for (const [n, userId] of team.entries()) {
    const data = { userId, email: `${userId}@example.com`, passwordHash: "x", color: "blue" } as const;
    await append(
      `user-${userId}`,
      [{ type: "UserSignedUp", data: { ...data, firstName: `T${n}`, lastName: "" } }],
      null,
    );
  }
  await append(
    `workspace-${workspaceId}`,
    [
      {
        type: "WorkspaceCreated",
        data: { workspaceId, name: "Team", description: "", visible: true, ownerId: owner },
      },
      ...team.map(
        (userId): DomainEvent => ({ type: "WorkspaceMemberAdded", data: { workspaceId, userId, role: "manager" } }),
      ),
    ],
    owner,
  );

  for (let n = 0; n < options.commands; n++) {
    const roll = random();
    const actor = pick(team) ?? owner;
    const projectId = pick([...projects.keys()]);
    const project = projectId ? projects.get(projectId) : undefined;
    if (roll < 0.08 || !projectId || !project) {
      const id = randomUUID();
      projects.set(id, { members: new Set([actor]), candidacies: [] });
      const settings = { name: `P${n}`, description: null, priority: "Low", status: "Active" } as const;
      const rest = { startDate: null, deadline: null, visible: true, workflowId: null };
      const data = { ...settings, ...rest, projectId: id, workspaceId, userId: actor };
      await append(`project-${id}`, [{ type: "ProjectCreated", data }], actor);
      continue;
    }
    const base = { projectId, workspaceId };
    if (roll < 0.2) {
      const userId = pick(team) ?? actor;
      const type = project.members.has(userId) ? "ProjectMemberRoleChanged" : "ProjectMemberAdded";
      project.members.add(userId);
      await append(
        `project-${projectId}`,
        [{ type, data: { ...base, userId, role: pick(projectRoles) ?? "viewer" } }],
        actor,
      );
    } else if (roll < 0.25) {
      const userId = pick([...project.members]);
      if (!userId) continue;
      project.members.delete(userId);
      await append(`project-${projectId}`, [{ type: "ProjectMemberRemoved", data: { ...base, userId } }], actor);
    } else if (roll < 0.6) {
      const candidacyId = pick(project.candidacies);
      const at = new Date(clock).toISOString();
      const stage = { fromStageId: randomUUID(), toStageId: randomUUID(), toStageName: `S${n}` };
      if (!candidacyId || random() < 0.3) {
        const id = randomUUID();
        project.candidacies.push(id);
        const data = { ...base, candidacyId: id, personId: randomUUID(), stageId: stage.toStageId, stageName: "S", at };
        await append(`candidacy-${id}`, [{ type: "CandidacyAdded", data }], actor);
      } else {
        await append(
          `candidacy-${candidacyId}`,
          [{ type: "CandidacyMoved", data: { ...base, candidacyId, ...stage, at } }],
          actor,
        );
      }
    } else if (roll < 0.72) {
      const invitationId = randomUUID();
      const toUserId = random() < 0.4 ? (pick(team) ?? null) : null;
      const toEmail = toUserId ? `${toUserId}@example.com` : `guest${n}@example.com`;
      if (!toUserId) invitedEmails.push(toEmail);
      waiting.set(invitationId, { toEmail, toUserId });
      const invitable =
        random() < 0.5
          ? ({ invitableType: "Workspace", invitableId: workspaceId, projectRole: null } as const)
          : ({ invitableType: "Project", invitableId: projectId, projectRole: "viewer" } as const);
      const at = new Date(clock).toISOString();
      const data = {
        invitationId,
        fromUserId: actor,
        toEmail,
        toUserId,
        workspaceId,
        workspaceRole: "viewer",
        at,
      } as const;
      await append(`invitation-${invitationId}`, [{ type: "InvitationSent", data: { ...data, ...invitable } }], actor);
    } else if (roll < 0.8) {
      const answered = [...waiting].find(([, invitation]) => invitation.toUserId !== null);
      const userId = answered?.[1].toUserId;
      if (!answered || !userId) continue;
      const invitationId = answered[0];
      waiting.delete(invitationId);
      const type = random() < 0.5 ? "InvitationAccepted" : "InvitationRejected";
      const at = new Date(clock).toISOString();
      await append(`invitation-${invitationId}`, [{ type, data: { invitationId, userId, at } }], userId);
    } else if (roll < 0.86) {
      const email = invitedEmails.shift();
      if (!email) continue;
      const userId = randomUUID();
      for (const invitation of waiting.values()) if (invitation.toEmail === email) invitation.toUserId = userId;
      const data = {
        userId,
        email: email.toUpperCase(),
        passwordHash: "x",
        firstName: "",
        lastName: "",
        color: "pink",
      } as const;
      await append(`user-${userId}`, [{ type: "UserSignedUp", data }], null);
    } else if (roll < 0.88) {
      const userId = team.slice(1).find((member) => project.members.has(member));
      if (!userId) continue;
      for (const each of projects.values()) each.members.delete(userId);
      await append(
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberLeft", data: { workspaceId, userId } }],
        userId,
      );
    } else if (roll < 0.9) {
      projects.delete(projectId);
      await append(`project-${projectId}`, [{ type: "ProjectRemoved", data: base }], actor);
    } else {
      await append(
        `project-${projectId}`,
        [{ type: "ProjectUpdated", data: { ...base, changes: { name: `R${n}` } } }],
        actor,
      );
    }
  }
  return count;
}
