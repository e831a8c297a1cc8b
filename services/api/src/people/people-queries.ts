import type { ListQuery } from "@hirestream/contracts/lists.ts";
import { type PersonProfile, personTextFields } from "@hirestream/contracts/people/profile.ts";
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";

export type PersonRecord = Database["read.people"];
type PeopleQuery = SelectQueryBuilder<Database, "read.people", PersonRecord>;

/** The words of a search, each of which must appear somewhere in what people are searched by. */
export function searchWords(searchBy: string | undefined): string[] {
  return (searchBy ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The same expression the trigram index is built on (migration create_people), so the index serves it. */
const searchText = sql<string>`public.person_search_text(first_name, last_name, email, email_second, email_work, company, title, city, state, country)`;

function matching(query: PeopleQuery, searchBy: string | undefined): PeopleQuery {
  let filtered = query;
  for (const word of searchWords(searchBy))
    filtered = filtered.where(sql<boolean>`${searchText} like ${likePattern(word)}`);
  return filtered;
}

/** Workspaces the user belongs to: the ones through which they may see people. */
const myWorkspaceIds = (userId: string) =>
  sql<string[]>`(select coalesce(array_agg(workspace_id), '{}') from read.workspace_members where user_id = ${userId})`;

/** A person is visible to its owner and to members of any workspace it is in; to no one else. */
function visibleTo(eb: ExpressionBuilder<Database, "read.people">, userId: string) {
  return eb.or([eb("owner_id", "=", userId), sql<boolean>`workspace_ids && ${myWorkspaceIds(userId)}`]);
}

async function page(query: PeopleQuery, list: ListQuery): Promise<{ rows: PersonRecord[]; total: number }> {
  const rows = await query
    .select(sql<string>`count(*) over ()`.as("total"))
    // As the screens sort: by last name, then first name, ignoring case, numbers as numbers
    // (Case2 before Case10); nameless people last.
    .orderBy(sql`lower(last_name) collate public.name_order asc nulls last`)
    .orderBy(sql`lower(first_name) collate public.name_order asc nulls last`)
    .orderBy("id")
    .limit(list.limit)
    .offset((list.page - 1) * list.limit)
    .execute();
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  // A page past the end carries no total: count on its own.
  const counted = await query.clearSelect().select(sql<string>`count(*)`.as("count")).executeTakeFirst();
  return { rows: [], total: Number(counted?.count ?? 0) };
}

/** The talent pool: the people the user owns. */
export function listPool(deps: Deps, userId: string, list: ListQuery) {
  const query = deps.db.selectFrom("read.people").selectAll().where("owner_id", "=", userId);
  return page(matching(query, list.search_by), list);
}

/** A workspace's people; the caller has checked the user belongs to the workspace. */
/** The people of one workspace or, for `me`, of every workspace the user belongs to. */
export function listWorkspacePeople(deps: Deps, userId: string, workspaceId: string | "me", list: ListQuery) {
  const inWorkspace =
    workspaceId === "me"
      ? sql<boolean>`workspace_ids && array(select workspace_id from read.workspace_members where user_id = ${userId})`
      : sql<boolean>`workspace_ids @> array[${workspaceId}]::uuid[]`;
  const query = deps.db.selectFrom("read.people").selectAll().where(inWorkspace);
  return page(matching(query, list.search_by), list);
}

/** A person the user may see, with the projects the user can read that the person is a candidate in. */
export async function findVisiblePerson(
  deps: Deps,
  userId: string,
  personId: string,
): Promise<(PersonRecord & { related_projects: RelatedProject[] }) | undefined> {
  const person = await deps.db
    .selectFrom("read.people")
    .selectAll()
    .where("id", "=", personId)
    .where((eb) => visibleTo(eb, userId))
    .executeTakeFirst();
  return person && { ...person, related_projects: await relatedProjects(deps, userId, personId) };
}

export type RelatedProject = { id: string; name: string; status: string; workspace_id: string };

/** Projects the user may not read stay unnamed, as workspaces do. */
function relatedProjects(deps: Deps, userId: string, personId: string): Promise<RelatedProject[]> {
  return deps.db
    .selectFrom("read.candidacies as c")
    .innerJoin("read.projects as p", "p.id", "c.project_id")
    .select(["p.id", "p.name", "p.status", "p.workspace_id"])
    .where("c.person_id", "=", personId)
    .where("p.id", "in", readableProjectIds(deps.db, userId))
    .orderBy(sql`p.name collate public.name_order`)
    .orderBy("p.id")
    .execute();
}

/**
 * The workspaces of these people that the user also belongs to, by person. Others' workspaces
 * stay unnamed: their existence is not the user's to learn.
 */
export async function relatedWorkspaces(
  deps: Deps,
  userId: string,
  people: readonly Pick<PersonRecord, "id" | "workspace_ids">[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const ids = [...new Set(people.flatMap((person) => person.workspace_ids))];
  const related = new Map<string, { id: string; name: string }[]>();
  if (ids.length === 0) return related;
  const workspaces = await deps.db
    .selectFrom("read.workspaces as w")
    .innerJoin("read.workspace_members as m", (join) =>
      join.onRef("m.workspace_id", "=", "w.id").on("m.user_id", "=", userId),
    )
    .select(["w.id", "w.name"])
    .where("w.id", "in", ids)
    .execute();
  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  for (const person of people) {
    related.set(
      person.id,
      person.workspace_ids.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    );
  }
  return related;
}

type RelatedWorkspace = { id: string; name: string };

export function personResource(
  person: PersonRecord & { related_projects?: RelatedProject[] },
  workspaces: RelatedWorkspace[],
): ResourceObject {
  const resource = writtenResource(person.id, person.owner_id, person, workspaces, person.related_projects);
  return {
    ...resource,
    attributes: {
      ...resource.attributes,
      created_at: person.created_at.toISOString(),
      updated_at: person.updated_at.toISOString(),
    },
  };
}

/** A person as a write leaves it: every field of the profile, its owner, and where the user meets it. */
export function writtenResource(
  id: string,
  ownerId: string,
  profile: PersonProfile,
  workspaces: RelatedWorkspace[],
  projects: RelatedProject[] = [],
): ResourceObject {
  const attributes: Record<string, unknown> = {};
  for (const name of personTextFields) attributes[name] = profile[name];
  return {
    id,
    type: "person",
    attributes: { ...attributes, experience: profile.experience, education: profile.education, owner_id: ownerId },
    meta: { related_workspaces: workspaces, related_projects: projects },
  };
}
