// A workspace with one member of every role, and how its rule tests state what a decision did.
import { DomainError } from "@hirestream/contracts/errors.ts";
import { type WorkspaceEvent, type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type CommandContext, fold } from "../../decider.ts";
import { type WorkspaceCommand, workspaceDecider } from "../workspace.decider.ts";

export const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
export const ownerId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
export const managerId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
export const collaboratorId = "2d7f5a5a-8c3b-4e3a-af9c-4b3e5d6c7a81";
export const viewerId = "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92";
export const strangerId = "5f9b7c7c-ae5d-4a5c-81be-6d5a7f8e9ca3";
export const now = new Date("2026-11-22T12:00:00Z");

export function as(actorId: string | null): CommandContext {
  return { now, actorId };
}

export const created: WorkspaceEvent = {
  type: "WorkspaceCreated",
  data: { workspaceId, name: "Recruiting", description: "Hiring pipeline", visible: true, ownerId },
};

export function memberAdded(userId: string, role: WorkspaceRole): WorkspaceEvent {
  return { type: "WorkspaceMemberAdded", data: { workspaceId, userId, role } };
}

export function memberLeft(userId: string): WorkspaceEvent {
  return { type: "WorkspaceMemberLeft", data: { workspaceId, userId } };
}

export const removed: WorkspaceEvent = { type: "WorkspaceRemoved", data: { workspaceId } };

/** A live workspace with one member of every role. */
export const workspace: WorkspaceEvent[] = [
  created,
  memberAdded(ownerId, "owner"),
  memberAdded(managerId, "manager"),
  memberAdded(collaboratorId, "collaborator"),
  memberAdded(viewerId, "viewer"),
];

export const nonOwners = [
  { role: "manager", userId: managerId },
  { role: "collaborator", userId: collaboratorId },
  { role: "viewer", userId: viewerId },
] as const;

/** Given these events, when this command is decided: the events it emits (each checked against the contract). */
export function when(given: WorkspaceEvent[], command: WorkspaceCommand, context: CommandContext): WorkspaceEvent[] {
  const events = workspaceDecider.decide(fold(workspaceDecider, given), command, context);
  for (const event of events) workspaceEvent.parse(event);
  return events;
}

/** Given these events, when this command is decided: the DomainError it is rejected with. */
export function rejection(given: WorkspaceEvent[], command: WorkspaceCommand, context: CommandContext) {
  try {
    workspaceDecider.decide(fold(workspaceDecider, given), command, context);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, pointer: error.pointer };
  }
  throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
}

export const notFound = { code: "NOT_FOUND", message: "Workspace not found", pointer: undefined };
export const forbidden = { code: "FORBIDDEN", message: "Your role does not allow this", pointer: undefined };
export const unauthenticated = { code: "UNAUTHENTICATED", message: "Session missing or expired", pointer: undefined };

export const renamed = (name: string): WorkspaceEvent => ({ type: "WorkspaceRenamed", data: { workspaceId, name } });
export const update = (data: { name?: string; description?: string; visible?: boolean }): WorkspaceCommand => ({
  type: "UpdateWorkspace",
  data,
});
export const remove: WorkspaceCommand = { type: "RemoveWorkspace" };
export const leave: WorkspaceCommand = { type: "LeaveWorkspace" };
