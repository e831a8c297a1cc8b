import type { Projection } from "../projection.ts";
import { analyticsFactsProjection } from "./analytics-facts.projection.ts";
import { candidaciesProjection } from "./candidacies.projection.ts";
import { credentialsProjection } from "./credentials.projection.ts";
import { invitationsProjection } from "./invitations.projection.ts";
import { messagesProjection } from "./messages.projection.ts";
import { optOutClearancesProjection } from "./opt-out-clearances.projection.ts";
import { optOutsProjection } from "./opt-outs.projection.ts";
import { passwordResetsProjection } from "./password-resets.projection.ts";
import { payloadsProjection } from "./payloads.projection.ts";
import { peopleProjection } from "./people.projection.ts";
import { projectUsersProjection } from "./project-users.projection.ts";
import { projectsProjection } from "./projects.projection.ts";
import { sequencesProjection } from "./sequences.projection.ts";
import { usersProjection } from "./users.projection.ts";
import { workflowsProjection } from "./workflows.projection.ts";
import { workspaceMembersProjection } from "./workspace-members.projection.ts";
import { workspacesProjection } from "./workspaces.projection.ts";

/** Every read model the projector keeps, in the order a batch applies them. */
export const allProjections: Projection<{ id: string }>[] = [
  usersProjection,
  passwordResetsProjection,
  workspacesProjection,
  workspaceMembersProjection,
  // Read by people, for the opt-out of an address someone is added with.
  optOutsProjection,
  peopleProjection,
  projectsProjection,
  workflowsProjection,
  sequencesProjection,
  candidaciesProjection,
  // Reads people for the names it keeps.
  payloadsProjection,
  // Reads payloads for the person a run is for.
  messagesProjection,
  projectUsersProjection,
  // Reads users, workspaces and projects for the names it keeps, so it comes after them.
  invitationsProjection,
  credentialsProjection,
  optOutClearancesProjection,
  // The Reports' facts: its own memory rows only, so it reads no other read model.
  analyticsFactsProjection,
];
