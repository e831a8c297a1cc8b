import { DomainError } from "@hirestream/contracts/errors.ts";
import { normalAddress, optOutIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import type { OptOutEvent, OptOutSource } from "@hirestream/contracts/opt-outs/events.ts";
import { optOutMessages } from "@hirestream/contracts/opt-outs/messages.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

/*
 * One address's wish to hear no more. Opted out, no sequence of any workspace mails it; a member
 * of a workspace (anyone but a viewer) may clear it for that workspace alone, since one team's
 * word cannot speak for another's. A new opt-out after a clearance counts again, everywhere.
 *
 * | from                          | command                   | events                          |
 * |-------------------------------|---------------------------|---------------------------------|
 * | never opted out, or cleared   | OptOut                    | AddressOptedOut                 |
 * |   somewhere                   |                           |   (clearances are forgotten)    |
 * | opted out, cleared nowhere    | OptOut                    | none (already stopped)          |
 * | opted out, not cleared in ws  | ClearOptOut (member)      | AddressOptOutCleared            |
 * | opted out, cleared in ws      | ClearOptOut               | none                            |
 * | never opted out               | ClearOptOut               | 404 notOptedOut                 |
 */

export type OptOutState =
  | { status: "none" }
  | { status: "opted_out"; address: string; at: string; source: OptOutSource; clearedIn: ReadonlySet<string> };

export type OptOutCommand =
  | {
      type: "OptOut";
      data: { address: string; source: OptOutSource; processorId: string | null; personIds: readonly string[] };
    }
  | { type: "ClearOptOut"; data: { address: string; workspaceId: string; personId: string } };

export interface OptOutContext extends CommandContext {
  /** The actor's role in the workspace a clearance is for; undefined when they are not a member. */
  workspaceRole: WorkspaceRole | undefined;
}

/** Whether a workspace's sequences may mail the address. */
export function mayMail(state: OptOutState, workspaceId: string): boolean {
  return state.status === "none" || state.clearedIn.has(workspaceId);
}

export const optOutDecider: Decider<OptOutState, OptOutCommand, OptOutEvent, OptOutContext> = {
  initialState: () => ({ status: "none" }),

  evolve(state, event) {
    switch (event.type) {
      case "AddressOptedOut":
        return {
          status: "opted_out",
          address: event.data.address,
          at: event.data.at,
          source: event.data.source,
          clearedIn: new Set(),
        };
      case "AddressOptOutCleared":
        if (state.status !== "opted_out") return state;
        return { ...state, clearedIn: new Set([...state.clearedIn, event.data.workspaceId]) };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    const at = context.now.toISOString();
    const address = normalAddress(command.data.address);
    const optOutId = optOutIdOf(address);
    switch (command.type) {
      case "OptOut": {
        if (state.status === "opted_out" && state.clearedIn.size === 0) return [];
        const { source, processorId, personIds } = command.data;
        return [
          {
            type: "AddressOptedOut",
            data: { optOutId, address, source, processorId, personIds: [...new Set(personIds)], at },
          },
        ];
      }
      case "ClearOptOut": {
        const { workspaceId, personId } = command.data;
        const role = context.workspaceRole;
        if (context.actorId === null || role === undefined) throw new DomainError("NOT_FOUND", "Person not found");
        if (!mayInWorkspace(role, "people.edit")) throw new DomainError("FORBIDDEN", optOutMessages.mayNotClear);
        if (state.status !== "opted_out") throw new DomainError("NOT_FOUND", optOutMessages.notOptedOut);
        if (state.clearedIn.has(workspaceId)) return [];
        return [
          {
            type: "AddressOptOutCleared",
            data: { optOutId, address, workspaceId, personId, by: context.actorId, at },
          },
        ];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
