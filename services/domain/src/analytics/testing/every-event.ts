import type { DomainEventType } from "@hirestream/contracts/events.ts";
import { candidacyEvents } from "./candidacy-events.ts";
import { credentialEvents } from "./credential-events.ts";
import type { Examples } from "./example-ids.ts";
import { invitationEvents } from "./invitation-events.ts";
import { optOutEvents } from "./opt-out-events.ts";
import { personEvents } from "./person-events.ts";
import { processorEvents } from "./processor-events.ts";
import { projectEvents } from "./project-events.ts";
import { sequenceEvents } from "./sequence-events.ts";
import { userEvents } from "./user-events.ts";
import { workflowEvents } from "./workflow-events.ts";
import { workspaceEvents } from "./workspace-events.ts";

export { at, ids } from "./example-ids.ts";

// One event of every type the system appends, all about one workspace, project, candidacy and run,
// for tests that must decide something for each type; one file per kind of stream. The mapped type
// makes a new event type a compile error here until it is given an example.

export const everyEvent: Examples<DomainEventType> = {
  ...userEvents,
  ...workspaceEvents,
  ...personEvents,
  ...projectEvents,
  ...workflowEvents,
  ...candidacyEvents,
  ...invitationEvents,
  ...processorEvents,
  ...credentialEvents,
  ...sequenceEvents,
  ...optOutEvents,
};
