import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { describe, expect, it } from "vitest";
import { newStep } from "./sequence-draft.ts";
import { fromOptions, withCredential } from "./step-credential.ts";

const credential: CredentialRow = {
  id: "00000000-0000-4000-8000-0000000000c1",
  workspace_id: "00000000-0000-4000-8000-0000000000a1",
  name: "Recruiting",
  email: "jobs@x.io",
  provider_type: "smtp",
  aliases: ["hr@x.io", "jobs@x.io"],
  health: "Tested",
  fail_message: null,
  daily_limit: 200,
  min_gap_seconds: 60,
  user_id: "00000000-0000-4000-8000-0000000000b1",
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
};

describe("a step's sender", () => {
  it("is the credential's email or one of its aliases", () => {
    expect(fromOptions(credential)).toEqual(["jobs@x.io", "hr@x.io"]);
    expect(fromOptions(undefined)).toEqual([]);
  });

  it("is the credential's own email once it is chosen, with the credential's type", () => {
    const step = { ...newStep("a", 1), from: "old@x.io" };
    expect(withCredential(step, credential)).toMatchObject({
      provider_id: credential.id,
      provider_type: "smtp",
      from: "jobs@x.io",
    });
    expect(withCredential(step, undefined)).toMatchObject({ provider_id: null, provider_type: null, from: null });
  });
});
