import type { CandidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const otherWs = "00000000-0000-4000-8000-0000000000f2";
const backend = "00000000-0000-4000-8000-0000000000a1";
const design = "00000000-0000-4000-8000-0000000000a2";
const sales = "00000000-0000-4000-8000-0000000000a3";
const copy = "00000000-0000-4000-8000-0000000000d1";
const grace = "00000000-0000-4000-8000-0000000000c1";
const linus = "00000000-0000-4000-8000-0000000000c2";
const margaret = "00000000-0000-4000-8000-0000000000c3";
const graceAtBackend = "00000000-0000-4000-8000-0000000000b1";
const linusAtBackend = "00000000-0000-4000-8000-0000000000b2";
const margaretAtDesign = "00000000-0000-4000-8000-0000000000b3";
const graceAtSales = "00000000-0000-4000-8000-0000000000b4";
const hiring = "00000000-0000-4000-8000-0000000000a4";
const laterCopy = "00000000-0000-4000-8000-0000000000d2";
const linusAtHiring = "00000000-0000-4000-8000-0000000000b5";

const stage = (n: number, name: string, position = n - 1) => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  name,
  position,
  description: name,
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
});
const sourced = stage(1, "Sourced");
const contacted = stage(2, "Contacted");
const interview = stage(3, "Interview");
const screen = stage(5, "Screen", 0);

const project = (batchSize = 2) => projected(batchSize);

interface LogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
  data: Record<string, unknown> | null;
}

const candidacyLog = (tables: Record<string, unknown[]>) =>
  ((tables.change_log ?? []) as LogEntry[])
    .filter((entry) => entry.entity === "candidacy")
    .sort((a, b) => a.position - b.position || a.seq - b.seq);

function added(
  candidacyId: string,
  projectId: string,
  personId: string,
  at: string,
  into = sourced,
  workspaceId = ws,
): CandidacyEvent {
  return {
    type: "CandidacyAdded",
    data: { candidacyId, projectId, workspaceId, personId, stageId: into.id, stageName: into.name, at },
  };
}

describe("candidacies read model", () => {
  let positions: Record<string, number>;

  beforeAll(async () => {
    await given(`workflow-${copy}`, "2026-11-01T08:00:00.000Z", [
      {
        type: "WorkflowCreated",
        data: {
          workflowId: copy,
          workspaceId: ws,
          userId: ada,
          name: "Engineering",
          description: "",
          stages: [sourced, contacted, interview],
          projectId: backend,
        },
      },
    ]);
    positions = {
      graceAdded: await given(`candidacy-${graceAtBackend}`, "2026-11-01T09:00:00.000Z", [
        added(graceAtBackend, backend, grace, "2026-11-01T09:00:00.000Z"),
      ]),
      graceMoved: await given(`candidacy-${graceAtBackend}`, "2026-11-02T09:00:00.000Z", [
        {
          type: "CandidacyMoved",
          data: {
            candidacyId: graceAtBackend,
            projectId: backend,
            workspaceId: ws,
            fromStageId: sourced.id,
            toStageId: contacted.id,
            toStageName: contacted.name,
            at: "2026-11-02T09:00:00.000Z",
          },
        },
      ]),
      graceAnswered: await given(`candidacy-${graceAtBackend}`, "2026-11-03T09:00:00.000Z", [
        {
          type: "CandidacyResponseSet",
          data: { candidacyId: graceAtBackend, projectId: backend, workspaceId: ws, response: "interested" },
        },
      ]),
      linusAdded: await given(`candidacy-${linusAtBackend}`, "2026-11-03T10:00:00.000Z", [
        added(linusAtBackend, backend, linus, "2026-11-03T10:00:00.000Z"),
      ]),
      margaretAdded: await given(`candidacy-${margaretAtDesign}`, "2026-11-03T11:00:00.000Z", [
        added(margaretAtDesign, design, margaret, "2026-11-03T11:00:00.000Z", interview),
      ]),
      graceAtSalesAdded: await given(`candidacy-${graceAtSales}`, "2026-11-03T12:00:00.000Z", [
        added(graceAtSales, sales, grace, "2026-11-03T12:00:00.000Z", sourced, otherWs),
      ]),
      // Contacted is renamed; Sourced keeps its name, so Linus's row is not written again.
      renamed: await given(`workflow-${copy}`, "2026-11-04T09:00:00.000Z", [
        {
          type: "WorkflowStagesChanged",
          data: {
            workflowId: copy,
            workspaceId: ws,
            stages: [sourced, { ...contacted, name: "Reached out" }, interview],
          },
        },
      ]),
      linusRemoved: await given(`candidacy-${linusAtBackend}`, "2026-11-05T09:00:00.000Z", [
        {
          type: "CandidacyRemoved",
          data: { candidacyId: linusAtBackend, projectId: backend, workspaceId: ws, at: "2026-11-05T09:00:00.000Z" },
        },
      ]),
      designRemoved: await given(`project-${design}`, "2026-11-06T09:00:00.000Z", [
        { type: "ProjectRemoved", data: { projectId: design, workspaceId: ws } },
      ]),
      // The browser puts a candidate into a copy's stage (ids named ahead) before the copy exists.
      earlyAdded: await given(`candidacy-${linusAtHiring}`, "2026-11-08T09:00:00.000Z", [
        added(linusAtHiring, hiring, linus, "2026-11-08T09:00:00.000Z", screen),
      ]),
      laterCopyCreated: await given(`workflow-${laterCopy}`, "2026-11-08T09:01:00.000Z", [
        {
          type: "WorkflowCreated",
          data: {
            workflowId: laterCopy,
            workspaceId: ws,
            userId: ada,
            name: "Hiring",
            description: "",
            stages: [{ ...screen, name: "Phone screen" }, stage(6, "Offer", 1), stage(7, "Hired", 2)],
            projectId: hiring,
          },
        },
      ]),
      otherWsRemoved: await given(`workspace-${otherWs}`, "2026-11-07T09:00:00.000Z", [
        { type: "WorkspaceRemoved", data: { workspaceId: otherWs } },
      ]),
    };
  });

  it("keeps one row per candidacy: its stage by id and name, its response and when it entered the stage; renames follow", async () => {
    const tables = await project();
    expect(tables.candidacies).toEqual([
      {
        id: graceAtBackend,
        project_id: backend,
        workspace_id: ws,
        person_id: grace,
        stage_id: contacted.id,
        status: "Reached out",
        response: "interested",
        stage_entered_at: "2026-11-02T09:00:00+00:00",
        created_at: "2026-11-01T09:00:00+00:00",
        updated_at: "2026-11-04T09:00:00+00:00",
      },
      {
        id: linusAtHiring,
        project_id: hiring,
        workspace_id: ws,
        person_id: linus,
        stage_id: screen.id,
        status: "Phone screen",
        response: null,
        stage_entered_at: "2026-11-08T09:00:00+00:00",
        created_at: "2026-11-08T09:00:00+00:00",
        updated_at: "2026-11-08T09:01:00+00:00",
      },
    ]);
  });

  it("logs every change to the project's scope, deletions included, and nothing for unchanged names", async () => {
    const log = candidacyLog(await project());
    expect(log.map(({ position, scope, id, op }) => ({ position, scope, id, op }))).toEqual([
      { position: positions.graceAdded, scope: `proj:${backend}`, id: graceAtBackend, op: "put" },
      { position: positions.graceMoved, scope: `proj:${backend}`, id: graceAtBackend, op: "put" },
      { position: positions.graceAnswered, scope: `proj:${backend}`, id: graceAtBackend, op: "put" },
      { position: positions.linusAdded, scope: `proj:${backend}`, id: linusAtBackend, op: "put" },
      { position: positions.margaretAdded, scope: `proj:${design}`, id: margaretAtDesign, op: "put" },
      { position: positions.graceAtSalesAdded, scope: `proj:${sales}`, id: graceAtSales, op: "put" },
      { position: positions.renamed, scope: `proj:${backend}`, id: graceAtBackend, op: "put" },
      { position: positions.linusRemoved, scope: `proj:${backend}`, id: linusAtBackend, op: "del" },
      { position: positions.designRemoved, scope: `proj:${design}`, id: margaretAtDesign, op: "del" },
      { position: positions.earlyAdded, scope: `proj:${hiring}`, id: linusAtHiring, op: "put" },
      { position: positions.laterCopyCreated, scope: `proj:${hiring}`, id: linusAtHiring, op: "put" },
      { position: positions.otherWsRemoved, scope: `proj:${sales}`, id: graceAtSales, op: "del" },
    ]);
  });

  it("sends the row as the replica stores it", async () => {
    const log = candidacyLog(await project());
    expect(log.find((entry) => entry.position === positions.graceMoved)?.data).toEqual({
      id: graceAtBackend,
      project_id: backend,
      workspace_id: ws,
      person_id: grace,
      stage_id: contacted.id,
      status: "Contacted",
      response: null,
      stage_entered_at: "2026-11-02T09:00:00.000Z",
      created_at: "2026-11-01T09:00:00.000Z",
      updated_at: "2026-11-02T09:00:00.000Z",
    });
    expect(log.find((entry) => entry.position === positions.renamed)?.data).toMatchObject({
      status: "Reached out",
      stage_id: contacted.id,
    });
  });

  it("comes out the same whichever way the events are cut into batches", async () => {
    const one = await project(1);
    const many = await project(500);
    expect(many.candidacies).toEqual(one.candidacies);
    expect(candidacyLog(many).map(({ id, op, scope, data }) => ({ id, op, scope, data }))).toEqual(
      candidacyLog(one).map(({ id, op, scope, data }) => ({ id, op, scope, data })),
    );
  });
});
