// Adds the person of a profile page: the person already known (by the page's address or an email)
// or a new one, then into the workspace and the project's stage asked for.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProfileAddedMeta, ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { emptyProfile, identityEmails, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
import { deriveEventId, scopedId } from "@hirestream/eventstore/event-id.ts";
import { runCandidacyCommand } from "../../candidacies/candidacy-commands.ts";
import type { Deps } from "../../deps.ts";
import type { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";
import { personStream, runPersonCommand } from "../person-commands.ts";
import { type ProfileMatch, profileMatch } from "./profile-matches.ts";
import type { ProfileDestination } from "./profile-target.ts";

export interface ProfileAdd {
  /** The request's command id: each command's id derives from it, so a retry appends nothing twice. */
  commandId: string;
  userId: string;
  attributes: ProfileAttributes;
  /** The page's address, normalised. */
  address: string;
  destination: ProfileDestination;
  roles: WorkspaceRoles;
}

export interface ProfileAdded {
  personId: string;
  outcome: ProfileAddedMeta["outcome"];
  /** Whether the person is in the user's own talent pool (else another member's, found through the workspace). */
  inOwnPool: boolean;
  candidacy?: NonNullable<ProfileAddedMeta["candidacy"]>;
  /** Highest position appended, 0 when nothing was. */
  position: number;
}

/**
 * A new person's id follows from the user and the page's address, so two adds of one profile at
 * once (two tabs, a retry racing the first) name the same person, and the second one's AddPerson
 * finds it exists: one person, whatever the read model had shown either of them.
 */
export const profilePersonId = (userId: string, address: string) => scopedId(userId, address);

export async function addFromProfile(deps: Deps, add: ProfileAdd): Promise<ProfileAdded> {
  const { attributes, destination } = add;
  const emails = identityEmails({ email: attributes.email ?? null, email_second: null, email_work: null });
  const match = await profileMatch(deps, add.userId, destination.workspaceId, add.address, emails);
  const person = match ? await known(deps, add, match) : await create(deps, add);
  const { project } = destination;
  if (project === undefined) return person;
  const candidacyId = candidacyIdOf(project.projectId, person.personId);
  const added = await runCandidacyCommand(
    deps,
    candidacyId,
    { type: "AddCandidacy", data: { personId: person.personId, stageId: project.stageId } },
    scopedId(add.commandId, `candidacy/${person.personId}`),
    project.context,
  );
  // A candidate already in the project stays in its stage.
  const stageId = added.state.status === "active" ? added.state.candidacy.stageId : project.stageId;
  return {
    ...person,
    candidacy: { id: candidacyId, project_id: project.projectId, stage_id: stageId },
    position: Math.max(person.position, added.position),
  };
}

async function known(deps: Deps, add: ProfileAdd, match: ProfileMatch): Promise<ProfileAdded> {
  const { personId } = match;
  // This very request, sent again after its answer was lost, made the person: it is still new.
  const madeNow = personId === profilePersonId(add.userId, add.address) && (await madeBy(deps, personId, add));
  return madeNow
    ? { personId, outcome: "new", inOwnPool: true, position: 0 }
    : intoWorkspace(deps, add, personId, match.ownerId === add.userId);
}

/** Nothing of a known person's is overwritten; one not in the workspace yet joins it. */
async function intoWorkspace(deps: Deps, add: ProfileAdd, personId: string, inOwnPool: boolean): Promise<ProfileAdded> {
  const { workspaceId } = add.destination;
  if (workspaceId === null) return { personId, outcome: "existing", inOwnPool, position: 0 };
  const joined = await runPersonCommand(
    deps,
    personId,
    { type: "AddPersonToWorkspace", data: { workspaceId } },
    scopedId(add.commandId, `workspace/${personId}`),
    add.userId,
    add.roles,
  );
  return { personId, outcome: "existing", inOwnPool, position: joined.position };
}

async function create(deps: Deps, add: ProfileAdd): Promise<ProfileAdded> {
  const personId = profilePersonId(add.userId, add.address);
  try {
    const added = await runPersonCommand(
      deps,
      personId,
      {
        type: "AddPerson",
        data: {
          personId,
          profile: profileOf(add.attributes, add.address),
          workspaceId: add.destination.workspaceId,
          source: "extension",
        },
      },
      creationOf(add),
      add.userId,
      add.roles,
    );
    return { personId, outcome: "new", inOwnPool: true, position: added.position };
  } catch (error) {
    // Another add of this profile (or one the read model has not shown yet) made the person first.
    if (!(error instanceof DomainError) || error.code !== "ALREADY_EXISTS") throw error;
    return known(deps, add, { personId, ownerId: add.userId });
  }
}

const creationOf = (add: ProfileAdd) => scopedId(add.commandId, "add");

async function madeBy(deps: Deps, personId: string, add: ProfileAdd): Promise<boolean> {
  const [first] = await deps.store.readStream(personStream(personId));
  return first?.id === deriveEventId(creationOf(add), 0);
}

/** The page's fields; the address is kept in its one form, so the next match finds it as it is. */
function profileOf(attributes: ProfileAttributes, address: string): PersonProfile {
  const given = (value: string | null | undefined) => value ?? null;
  return {
    ...emptyProfile(),
    first_name: given(attributes.first_name),
    last_name: given(attributes.last_name),
    email: given(attributes.email),
    title: given(attributes.title),
    company: given(attributes.company),
    city: given(attributes.city),
    state: given(attributes.state),
    country: given(attributes.country),
    avatar_url: given(attributes.avatar_url),
    about: given(attributes.about),
    linkedin: address,
    experience: attributes.experience ?? [],
    education: attributes.education ?? [],
  };
}
