import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { type Examples, ids } from "./example-ids.ts";

export const personEvents: Examples<"PersonAdded" | "PersonProfileChanged" | "PersonAddedToWorkspace"> = {
  PersonAdded: {
    type: "PersonAdded",
    data: {
      personId: ids.person,
      ownerId: ids.user,
      profile: emptyProfile(),
      workspaceId: ids.workspace,
      source: "manual",
    },
  },
  PersonProfileChanged: { type: "PersonProfileChanged", data: { personId: ids.person, changes: {} } },
  PersonAddedToWorkspace: {
    type: "PersonAddedToWorkspace",
    data: { personId: ids.person, workspaceId: ids.workspace },
  },
};
