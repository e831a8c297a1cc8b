import type { SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** A step sent at once, from the sequence's credential, in a 09:00–17:00 workday, with no fields unless given. */
export const sequenceStep = (
  step: Pick<SequenceStep, "id" | "position" | "name" | "templateSubject" | "templateBody"> & Partial<SequenceStep>,
): SequenceStep => ({
  delay: 0,
  providerId: null,
  from: null,
  hasProviderSignature: false,
  workdayStart: "09:00",
  workdayEnd: "17:00",
  defaultFields: [],
  customFields: [],
  ...step,
});

const usual = {
  description: "",
  hasReview: false,
  hasWrite: false,
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
  timezone: "UTC",
  payloadFields: { defaults: [], customs: [] },
};

/** A sequence without review or writing, sending on workdays in UTC (US holidays), unless given. */
export const sequenceCreated = (
  data: Given<"SequenceCreated", "sequenceId" | "workspaceId" | "userId" | "name" | "steps">,
): EventOf<"SequenceCreated"> => ({ type: "SequenceCreated", data: { ...usual, ...data } });

const sequence = {
  ...usual,
  sequenceId: ids.sequence,
  workspaceId: ids.workspace,
  name: "Outreach",
  steps: [
    sequenceStep({ id: ids.step, position: 1, name: "First touch", templateSubject: "Hello", templateBody: "Hi" }),
  ],
};

export const sequenceEvents: Examples<"SequenceCreated" | "SequenceEdited" | "SequenceRemoved"> = {
  SequenceCreated: sequenceCreated({ ...sequence, userId: ids.user }),
  SequenceEdited: { type: "SequenceEdited", data: { ...sequence, name: "Outreach v2" } },
  SequenceRemoved: { type: "SequenceRemoved", data: { sequenceId: ids.sequence, workspaceId: ids.workspace } },
};
