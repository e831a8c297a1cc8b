import {
  mayInProject,
  mayReachProject,
  type ProjectAccess,
} from "@hirestream/contracts/permissions/permission-table.ts";
import { payloadEventPower } from "@hirestream/contracts/processors/payload-powers.ts";
import type { NO_EVENT, PayloadEventName } from "@hirestream/contracts/processors/payload-status.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";

/** What the user may do on the Message tab; the server decides by the same table. */
export interface MessagePowers {
  write: boolean;
  /** Whether the user may send the event, on a payload with or without review. */
  event: (event: PayloadEventName | typeof NO_EVENT, hasReview: boolean) => boolean;
}

const none: MessagePowers = { write: false, event: () => false };

/**
 * Spec §6: managers and collaborators write messages, managers send them, and with review a
 * manager or owner sends what a writer made ready. A viewer, and anyone in an archived project,
 * gets no write controls.
 */
export function messagePowers(project: Pick<ProjectRow, "status" | "visible">, access: ProjectAccess): MessagePowers {
  if (project.status === "Archived" || !mayReachProject(access, project)) return none;
  if (!mayInProject(access, "messages.write")) return none;
  return {
    write: true,
    event: (event, hasReview) => mayInProject(access, payloadEventPower(event, hasReview)),
  };
}
