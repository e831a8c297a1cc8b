import { DomainError } from "@hirestream/contracts/errors.ts";
import type { PersonEvent, personSources } from "@hirestream/contracts/people/events.ts";
import {
  type PersonProfile,
  type PersonProfileChanges,
  personTextFields,
} from "@hirestream/contracts/people/profile.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

export type PersonCommand =
  | {
      type: "AddPerson";
      data: {
        personId: string;
        profile: PersonProfile;
        workspaceId: string | null;
        source: (typeof personSources)[number];
      };
    }
  | { type: "UpdatePerson"; data: { changes: PersonProfileChanges } }
  | { type: "AddPersonToWorkspace"; data: { workspaceId: string } };

export type PersonState =
  | { status: "unknown" }
  | { status: "active"; personId: string; ownerId: string; profile: PersonProfile; workspaceIds: readonly string[] };

/** Who asks, and their role in each workspace they belong to: a person is reached through either. */
export interface PersonContext extends CommandContext {
  workspaceRoles: ReadonlyMap<string, WorkspaceRole>;
}

export const personDecider: Decider<PersonState, PersonCommand, PersonEvent, PersonContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    if (event.type === "PersonAdded") {
      const { personId, ownerId, profile, workspaceId } = event.data;
      return { status: "active", personId, ownerId, profile, workspaceIds: workspaceId ? [workspaceId] : [] };
    }
    if (state.status !== "active") return state;
    switch (event.type) {
      case "PersonProfileChanged":
        return { ...state, profile: applyChanges(state.profile, event.data.changes) };
      case "PersonAddedToWorkspace":
        return { ...state, workspaceIds: [...state.workspaceIds, event.data.workspaceId] };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    const actorId = requireActor(context);
    if (command.type === "AddPerson") {
      if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS", "Person already exists");
      const { personId, profile, workspaceId, source } = command.data;
      if (workspaceId !== null) requireWorkspaceRole(context, workspaceId, "people.add");
      return [
        { type: "PersonAdded", data: { personId, ownerId: actorId, profile: tidy(profile), workspaceId, source } },
      ];
    }
    if (state.status !== "active" || !mayRead(state, context)) throw new DomainError("NOT_FOUND", "Person not found");
    switch (command.type) {
      case "UpdatePerson": {
        if (!mayEdit(state, context))
          throw new DomainError("FORBIDDEN", "Your role does not allow editing this person");
        const changes = changedFields(state.profile, tidy(command.data.changes));
        if (Object.keys(changes).length === 0) return [];
        return [{ type: "PersonProfileChanged", data: { personId: state.personId, changes } }];
      }
      case "AddPersonToWorkspace": {
        const { workspaceId } = command.data;
        requireWorkspaceRole(context, workspaceId, "people.add");
        if (state.workspaceIds.includes(workspaceId)) return [];
        return [{ type: "PersonAddedToWorkspace", data: { personId: state.personId, workspaceId } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** The owner always sees the person; so does any member of a workspace the person is in. */
export function mayRead(state: Extract<PersonState, { status: "active" }>, context: PersonContext): boolean {
  if (state.ownerId === context.actorId) return true;
  return state.workspaceIds.some((id) => {
    const role = context.workspaceRoles.get(id);
    return role !== undefined && mayInWorkspace(role, "people.read");
  });
}

export function mayEdit(state: Extract<PersonState, { status: "active" }>, context: PersonContext): boolean {
  if (state.ownerId === context.actorId) return true;
  return state.workspaceIds.some((id) => {
    const role = context.workspaceRoles.get(id);
    return role !== undefined && mayInWorkspace(role, "people.edit");
  });
}

function requireActor(context: CommandContext): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  return context.actorId;
}

/** Someone else's workspace is as unknown as a missing one; a viewer is refused outright. */
function requireWorkspaceRole(context: PersonContext, workspaceId: string, action: "people.add"): void {
  const role = context.workspaceRoles.get(workspaceId);
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN", "Your role does not allow adding people here");
}

/** The fields a change names replace the profile's; a field it leaves out stays. */
export function applyChanges(profile: PersonProfile, changes: PersonProfileChanges): PersonProfile {
  const next = { ...profile };
  for (const name of personTextFields) {
    const value = changes[name];
    if (value !== undefined) next[name] = value;
  }
  if (changes.experience !== undefined) next.experience = changes.experience;
  if (changes.education !== undefined) next.education = changes.education;
  return next;
}

/** Text is stored trimmed, and blank text is no text. */
function tidy<P extends PersonProfileChanges>(profile: P): P {
  const tidied: Record<string, unknown> = { ...profile };
  for (const name of personTextFields) {
    const value = profile[name];
    if (typeof value === "string") tidied[name] = value.trim() === "" ? null : value.trim();
  }
  return tidied as P;
}

/** Only what differs is recorded, so an Update without changes appends nothing. */
function changedFields(current: PersonProfile, changes: PersonProfileChanges): PersonProfileChanges {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes)) {
    if (JSON.stringify(current[name as keyof PersonProfile]) !== JSON.stringify(value)) changed[name] = value;
  }
  return changed as PersonProfileChanges;
}
