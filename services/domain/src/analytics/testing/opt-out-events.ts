import { at, type Examples, ids } from "./example-ids.ts";

export const optOutEvents: Examples<"AddressOptedOut" | "AddressOptOutCleared"> = {
  AddressOptedOut: {
    type: "AddressOptedOut",
    data: {
      optOutId: ids.optOut,
      address: "ada@example.com",
      source: "link",
      processorId: ids.processor,
      personIds: [ids.person],
      at: "2026-11-02T16:00:00.000Z",
    },
  },
  AddressOptOutCleared: {
    type: "AddressOptOutCleared",
    data: {
      optOutId: ids.optOut,
      address: "ada@example.com",
      workspaceId: ids.workspace,
      personId: ids.person,
      by: ids.user,
      at,
    },
  },
};
