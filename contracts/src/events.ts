import { z } from "zod";
import { emailReserved, userEvent } from "./accounts/events.ts";
import { candidacyEvent } from "./candidacies/events.ts";
import { credentialEvent } from "./credentials/events.ts";
import { invitationEvent } from "./invitations/events.ts";
import { optOutEvent } from "./opt-outs/events.ts";
import { personEvent } from "./people/events.ts";
import { processorEvent } from "./processors/events.ts";
import { projectEvent } from "./projects/events.ts";
import { sequenceEvent } from "./sequences/events.ts";
import { workflowEvent } from "./workflows/events.ts";
import { workspaceEvent } from "./workspaces/events.ts";

/** Every event the system appends, keyed by `type`. Projections parse what they read with it. */
export const domainEvent = z.discriminatedUnion("type", [
  ...userEvent.options,
  ...workspaceEvent.options,
  ...personEvent.options,
  ...projectEvent.options,
  ...workflowEvent.options,
  ...candidacyEvent.options,
  ...invitationEvent.options,
  ...processorEvent.options,
  ...credentialEvent.options,
  ...sequenceEvent.options,
  ...optOutEvent.options,
  emailReserved,
]);
export type DomainEvent = z.infer<typeof domainEvent>;
export type DomainEventType = DomainEvent["type"];
