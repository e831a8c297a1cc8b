// An offline outbox replays a user's writes one after another, each naming what the one before
// created: none of them may be refused because the read models have not caught up yet.
import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { copyStageIdOf, workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importedPersonId } from "../people/import/import-plan.ts";
import { multipart } from "../people/import/testing/import-fixtures.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  step: string;
  status: number;
  body: string;
}

function send(user: SignedIn, method: "POST" | "PUT", url: string, payload: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: JSON.stringify(payload),
  });
}

function importCsv(user: SignedIn, csv: string, fields: Record<string, string>) {
  const { payload, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "data[file]", value: csv, filename: "people.csv" },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/people/import_csv",
    headers: { ...user.headers, "content-type": contentType, "idempotency-key": randomUUID() },
    payload,
  });
}

/**
 * Workspace → workflow template → project → import into the workspace → import into the project →
 * assign → move → edit a person: every answer, in order, each step sent as soon as the last answered.
 */
async function chain(user: SignedIn, n: number): Promise<Answer[]> {
  const workspaceId = randomUUID();
  const workflowId = randomUUID();
  const projectId = randomUUID();
  const stageIds = [randomUUID(), randomUUID(), randomUUID()];
  const emails = [`ada.${n}@example.com`, `alan.${n}@example.com`, `grace.${n}@example.com`];
  const [ada, alan, grace] = emails.map((email) => importedPersonId(user.userId, email));
  const answers: Answer[] = [];
  const step = async (name: string, request: Promise<{ statusCode: number; body: string }>) => {
    const response = await request;
    answers.push({ step: name, status: response.statusCode, body: response.body });
  };
  await step(
    "create workspace",
    send(user, "POST", "/workspaces", { data: { type: "workspace", id: workspaceId, attributes: { name: `W${n}` } } }),
  );
  await step(
    "create workflow",
    send(user, "POST", `/workspaces/${workspaceId}/workflows`, {
      data: {
        type: "workflow",
        id: workflowId,
        attributes: {
          name: "Engineering",
          stages_attributes: ["Sourced", "Contacted", "Interview"].map((name, position) => ({
            id: stageIds[position],
            name,
            position,
          })),
        },
      },
    }),
  );
  await step(
    "create project",
    send(user, "POST", `/workspaces/${workspaceId}/projects`, {
      data: {
        type: "project",
        id: projectId,
        attributes: { name: `P${n}`, priority: "High", status: "Active", workflow_id: workflowId },
      },
    }),
  );
  await step(
    "import into the workspace",
    importCsv(user, `first_name,last_name,email\nAda,Lovelace,${emails[0]}\nAlan,Turing,${emails[1]}`, {
      "data[workspace_id]": workspaceId,
    }),
  );
  await step(
    "import into the project",
    importCsv(user, `first_name,last_name,email\nGrace,Hopper,${emails[2]}`, {
      "data[workspace_id]": workspaceId,
      "data[project_id]": projectId,
    }),
  );
  await step(
    "assign",
    send(user, "POST", `/workspaces/${workspaceId}/projects/${projectId}/assign_people`, {
      people_attributes: [{ person_id: ada }, { person_id: alan }],
    }),
  );
  await step(
    "move",
    send(user, "PUT", `/projects/${projectId}/project_people/${candidacyIdOf(projectId, grace ?? "")}/move`, {
      // The project's copy of the template names its stages after the template's, as the browser does.
      stage_id: copyStageIdOf(workflowCopyIdOf(projectId, workflowId), stageIds[1] ?? ""),
    }),
  );
  await step(
    "edit a person",
    send(user, "PUT", `/people/${ada}`, { data: { type: "person", attributes: { company: "Analytical Engines" } } }),
  );
  return answers;
}

/** A refusal of the whole request, or of some of its rows or people (an import or assign answers 200 then). */
function refused(answer: Answer): boolean {
  if (answer.status >= 300) return true;
  const body: { data?: { attributes?: { errors?: unknown } } } = JSON.parse(answer.body);
  const errors = body.data?.attributes?.errors;
  return typeof errors === "number" && errors > 0;
}

describe("a chain of writes, each naming what the one before created", () => {
  it("is never refused, a hundred chains in a row, while the projector runs as in production", async () => {
    const user = await signUpUser(t.app, "outbox@example.com");
    const refusals: Answer[] = [];
    for (let n = 0; n < 100; n++) {
      for (const answer of await chain(user, n)) if (refused(answer)) refusals.push(answer);
    }
    expect(
      refusals.map(({ step, status, body }) => `${step}: ${status} ${body.slice(0, 120)}`),
      `${refusals.length} refusals out of 100 chains`,
    ).toEqual([]);
  });
});

describe("a workspace joined a moment ago", () => {
  it("can be left at once, before the read models know of the membership", async () => {
    const owner = await signUpUser(t.app, "team.owner@example.com");
    const member = await signUpUser(t.app, "team.member@example.com");
    const workspaceId = randomUUID();
    const created = await send(owner, "POST", "/workspaces", {
      data: { type: "workspace", id: workspaceId, attributes: { name: "Team" } },
    });
    expect(created.statusCode).toBe(201);
    await t.pauseProjector();
    try {
      // Joined as an accepted invitation joins, while the projector stands still.
      await appendEvents(
        t.store,
        `workspace-${workspaceId}`,
        [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: member.userId, role: "collaborator" } }],
        { occurredAt: t.clock.now.toISOString(), actor: member.userId },
      );
      const left = await t.app.inject({
        method: "DELETE",
        url: `/api/v1/workspaces/${workspaceId}`,
        headers: member.headers,
      });
      expect(left.statusCode, left.body).toBe(200);
      expect(left.json().meta.result).toBe("left");
    } finally {
      t.resumeProjector();
    }
  });
});
