import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import type { Endpoint, Expected } from "./testing/endpoint-expectations.ts";
import { endpoints } from "./testing/endpoints.ts";
import {
  describeStanding,
  type PermissionWorld,
  permissionWorld,
  standings,
  type World,
} from "./testing/permission-world.ts";

// Every endpoint that reads or changes a workspace's or a project's data, called by every standing
// toward a visible and a hidden project, against what the permission table says: allowed (2xx),
// refused (403) to someone who may see the thing, unknown (404) to anyone else, and a list names the
// project only to those it reaches. A refusal appends nothing.

let t: TestApp;
let f: PipelineFixtures;
let world: PermissionWorld;
let every: Endpoint[];
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "every-endpoint");
  world = permissionWorld(t, f);
  every = endpoints(t, f, world);
});
afterAll(async () => {
  await t.close();
});

const statusOf = (code: number): Expected["status"] | number => (code >= 200 && code < 300 ? "2xx" : code);

async function check(w: World, endpoint: Endpoint, expected: Expected) {
  const target = endpoint.prepare ? await endpoint.prepare(w) : "";
  const before = await countEvents(t.pool);
  const answer = await endpoint.call(w, target);
  expect(statusOf(answer.statusCode), `${endpoint.name}: ${answer.body.slice(0, 300)}`).toBe(expected.status);
  if (expected.status !== "2xx" && endpoint.writes) expect(await countEvents(t.pool), endpoint.name).toBe(before);
  if (expected.listed !== undefined && endpoint.listedBy) {
    expect(answer.body.includes(endpoint.listedBy(w)), `${endpoint.name} lists the project`).toBe(expected.listed);
  }
}

for (const visible of [true, false]) {
  for (const standing of standings) {
    describe(`${describeStanding(standing)}, ${visible ? "visible" : "hidden"} project`, () => {
      let w: World;
      beforeAll(async () => {
        w = await world.arrange(standing, visible);
      });

      it("answers every endpoint as the permission table says", async () => {
        const failures: string[] = [];
        for (const endpoint of every) {
          const expected = endpoint.expected(standing, visible);
          try {
            await check(w, endpoint, expected);
          } catch (error) {
            failures.push(
              `${endpoint.name} (expected ${expected.status}${expected.listed === undefined ? "" : expected.listed ? ", listed" : ", not listed"}): ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
            );
          }
        }
        expect(failures).toEqual([]);
      });
    });
  }
}
