import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** A person added by hand, with an empty profile unless given. */
export const personAdded = (
  data: Given<"PersonAdded", "personId" | "ownerId" | "workspaceId">,
): EventOf<"PersonAdded"> => ({
  type: "PersonAdded",
  data: { profile: emptyProfile(), source: "manual", ...data },
});

export const personEvents: Examples<"PersonAdded" | "PersonProfileChanged" | "PersonAddedToWorkspace"> = {
  PersonAdded: personAdded({ personId: ids.person, ownerId: ids.user, workspaceId: ids.workspace }),
  PersonProfileChanged: { type: "PersonProfileChanged", data: { personId: ids.person, changes: {} } },
  PersonAddedToWorkspace: {
    type: "PersonAddedToWorkspace",
    data: { personId: ids.person, workspaceId: ids.workspace },
  },
};
