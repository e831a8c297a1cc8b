// Set-up for the profile add's route tests: the call as the extension sends it, and what it left.
import { randomUUID } from "node:crypto";
import { normalizeProfileUrl } from "@hirestream/contracts/people/from-profile.ts";
import { expect } from "vitest";
import type { PipelineFixtures } from "../../../candidacies/testing/pipeline-fixtures.ts";
import type { SignedIn, TestApp } from "../../../testing/test-app.ts";

export interface ProfileAnswer {
  status: number;
  body: {
    data: { id: string; type: string; attributes: Record<string, unknown>; meta: Record<string, unknown> };
    meta: {
      position: number;
      outcome: "new" | "existing";
      message?: string;
      link: string;
      candidacy?: { id: string; project_id: string; stage_id: string };
    };
  };
}

export function profileFixtures(t: TestApp, f: PipelineFixtures) {
  /** A profile address nobody has added yet, as the page's address bar shows it. */
  const freshProfile = () => `https://www.linkedin.com/in/${randomUUID().slice(0, 13)}/`;

  /** The call as the extension sends it, with an Idempotency-Key of its own unless one is given. */
  const addProfile = (user: SignedIn, attributes: Record<string, unknown>, key: string = randomUUID()) =>
    f.send(user, "POST", "/people/from_profile", { data: { type: "people", attributes } }, key);

  return {
    freshProfile,
    addProfile,

    /** Adds the profile and expects it to work: the answer's status and body. */
    async added(user: SignedIn, attributes: Record<string, unknown>): Promise<ProfileAnswer> {
      const response = await addProfile(user, attributes);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return { status: response.statusCode, body: response.json() };
    },

    /** The people ever added with this profile address (however written), whoever owns them. */
    async peopleAt(address: string): Promise<string[]> {
      const { rows } = await t.pool.query<{ id: string; linkedin: string | null }>(
        "select data->>'personId' as id, data->'profile'->>'linkedin' as linkedin from events where type = 'PersonAdded'",
      );
      const key = normalizeProfileUrl(address);
      return rows.flatMap((row) =>
        row.linkedin !== null && normalizeProfileUrl(row.linkedin) === key ? [row.id] : [],
      );
    },
  };
}
export type ProfileFixtures = ReturnType<typeof profileFixtures>;
