import { type Examples, ids } from "./example-ids.ts";

const sequence = {
  sequenceId: ids.sequence,
  workspaceId: ids.workspace,
  name: "Outreach",
  description: "",
  hasReview: false,
  hasWrite: false,
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
  timezone: "UTC",
  payloadFields: { defaults: [], customs: [] },
  steps: [
    {
      id: ids.step,
      position: 1,
      name: "First touch",
      delay: 0,
      templateSubject: "Hello",
      templateBody: "Hi",
      providerId: null,
      from: null,
      hasProviderSignature: false,
      workdayStart: "09:00",
      workdayEnd: "17:00",
      defaultFields: [],
      customFields: [],
    },
  ],
};

export const sequenceEvents: Examples<"SequenceCreated" | "SequenceEdited" | "SequenceRemoved"> = {
  SequenceCreated: { type: "SequenceCreated", data: { ...sequence, userId: ids.user } },
  SequenceEdited: { type: "SequenceEdited", data: { ...sequence, name: "Outreach v2" } },
  SequenceRemoved: { type: "SequenceRemoved", data: { sequenceId: ids.sequence, workspaceId: ids.workspace } },
};
