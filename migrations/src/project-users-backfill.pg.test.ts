import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { down, up } from "../2026_11_23_150000_create_project_users_and_invitations.ts";
import { migrationTestDb } from "./testing/migration-test-db.ts";

const db = migrationTestDb();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const ws = "00000000-0000-4000-8000-0000000000f1";
const backend = "00000000-0000-4000-8000-0000000000a1";
const design = "00000000-0000-4000-8000-0000000000a2";

it("gives every project already there its creator as owner, under the id the app gives the pair, hidden as the project", async () => {
  for (const [id, creator, visible, at] of [
    [backend, ada, true, "2026-11-03T09:00:00Z"],
    [design, bob, false, "2026-11-04T09:00:00Z"],
  ] as const) {
    await sql`insert into read.projects (id, workspace_id, name, description, priority, status, start_date, deadline,
        visible, workflow_id, user_id, created_at, updated_at)
      values (${id}, ${ws}, 'P', null, 'High', 'Active', null, null, ${visible}, null, ${creator}, ${at},
        '2026-11-05T09:00:00Z')`.execute(db);
  }
  await down(db);
  await up(db);

  const { rows } = await sql<Record<string, unknown>>`select id, project_id, workspace_id, user_id, role, last_activity,
      to_jsonb(created_at) as created_at, to_jsonb(updated_at) as updated_at, private_to
    from read.project_users order by created_at`.execute(db);
  expect(rows).toEqual([
    {
      id: projectUserIdOf(backend, ada),
      project_id: backend,
      workspace_id: ws,
      user_id: ada,
      role: "owner",
      last_activity: null,
      created_at: "2026-11-03T09:00:00+00:00",
      updated_at: "2026-11-03T09:00:00+00:00",
      private_to: null,
    },
    // Hidden: kept to its creator, as the project is.
    expect.objectContaining({ id: projectUserIdOf(design, bob), user_id: bob, role: "owner", private_to: bob }),
  ]);
  const { rows: invitations } = await sql`select * from read.invitations`.execute(db);
  expect(invitations).toEqual([]);
});
