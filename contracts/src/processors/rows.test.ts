import { describe, expect, it } from "vitest";
import { payloadStatusInfo, processorStatuses } from "./payload-status.ts";
import { payloadRow } from "./rows.ts";

const row = {
  id: "5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  workspace_id: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
  project_id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  project_person_id: "6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  person_id: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  first_name: "Ada",
  last_name: "Lovelace",
  sequence_id: "9f8e7d6c-5b4a-4392-8181-7f6e5d4c3b2a",
  stage_id: "e0000000-0000-4000-8000-000000000002",
  has_review: true,
  payload_values: { data: { first_name: "Ada" } },
  payload_fields: { defaults: [{ name: "first_name", used: true }], customs: [] },
  time_zone: "Europe/London",
  time_zone_source: "candidate",
  created_at: "2026-11-24T09:00:00.000Z",
  updated_at: "2026-11-24T09:00:00.000Z",
};

describe("a payload row", () => {
  it.each(processorStatuses)("holds the status info of a %s run as the table gives it", (status) => {
    const processor = {
      id: row.id,
      status,
      last_step_sent_position: 0,
      total_steps: 2,
      last_step_sent_date: null,
      current_step_schedule_date: null,
      fail_message: null,
      status_message: null,
    };
    for (const empty of [0, 1]) {
      const info = payloadStatusInfo(status, true, empty);
      expect(payloadRow.parse({ ...row, ...info, processor })).toMatchObject(info);
    }
  });
});
