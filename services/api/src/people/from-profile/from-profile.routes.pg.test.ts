import { randomUUID } from "node:crypto";
import { ALREADY_IN_TALENT_POOL } from "@hirestream/contracts/people/from-profile.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, startTestApp, type TestApp } from "../../testing/test-app.ts";
import { type ProfileFixtures, profileFixtures } from "./testing/profile-fixtures.ts";

let t: TestApp;
let f: PipelineFixtures;
let p: ProfileFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "profile-adder");
  p = profileFixtures(t, f);
});
afterAll(async () => {
  await t.close();
});

describe("POST /people/from_profile into the talent pool", () => {
  it("adds a new person with the page's fields and answers 201 with the person as GET /people/{id} shows it", async () => {
    const user = await f.newUser();
    const address = p.freshProfile();
    const answer = await p.added(user, {
      first_name: "Grace",
      last_name: "Hopper",
      linkedin: `${address}?trk=public_profile`,
      title: "Rear Admiral",
      company: "US Navy",
      city: "Arlington",
      about: "Compilers",
      experience: [{ company: "US Navy", title: "Rear Admiral", period: "1943 – 1986" }],
    });
    expect(answer.status).toBe(201);
    const { data, meta } = answer.body;
    expect(meta).toEqual({ position: expect.any(Number), outcome: "new", link: `/profile/${data.id}` });
    expect(meta.position).toBeGreaterThan(0);
    expect(data.attributes).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      // Kept in its one form: the next add of the page matches it as it is.
      linkedin: address.replace("https://www.", "https://").replace(/\/$/, ""),
      title: "Rear Admiral",
      company: "US Navy",
      city: "Arlington",
      email: null,
      about: "Compilers",
      owner_id: user.userId,
      experience: [{ company: "US Navy", title: "Rear Admiral", period: "1943 – 1986" }],
    });
    const read = await f.read(user, `/people/${data.id}`, meta.position);
    expect(read.json()).toEqual({ data });
    const pool = await f.read(user, "/people", meta.position);
    expect(pool.json().data.map((person: { id: string }) => person.id)).toEqual([data.id]);
    const [added] = await t.store.readStream(`person-${data.id}`);
    expect(added?.data).toMatchObject({ source: "extension", workspaceId: null });
  });

  it("answers 200 'Already in your talent pool' with its link for the same page reached another way, appending nothing", async () => {
    const user = await f.newUser();
    const slug = randomUUID().slice(0, 13);
    const first = await p.added(user, { first_name: "Ada", linkedin: `https://www.linkedin.com/in/${slug}/` });
    const before = await countEvents(t.pool);
    for (const written of [
      `http://linkedin.com/in/${slug}`,
      `https://WWW.LinkedIn.com/in/${slug.toUpperCase()}/?utm_source=share#about`,
      `  https://www.linkedin.com/in/${slug}//  `,
    ]) {
      const again = await p.added(user, { first_name: "Someone", title: "Else", linkedin: written });
      expect(again.status, written).toBe(200);
      expect(again.body.meta).toEqual({
        position: 0,
        outcome: "existing",
        message: ALREADY_IN_TALENT_POOL,
        link: `/profile/${first.body.data.id}`,
      });
      // Nothing of theirs is overwritten.
      expect(again.body.data).toEqual(first.body.data);
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("matches a person by any of their three emails, whatever its case, and by a profile address stored another way", async () => {
    const user = await f.newUser();
    const byEmail = await f.addPerson(user, {
      first_name: "Katherine",
      email_work: "K.Johnson@NASA.gov",
      title: "Mathematician",
    });
    const stored = p.freshProfile();
    const byAddress = await f.addPerson(user, {
      first_name: "Dorothy",
      linkedin: `${stored.replace("https://", "http://").toUpperCase()}?trk=import`,
    });
    await t.readModels.waitFor(Math.max(byEmail.position, byAddress.position), 5000);
    const before = await countEvents(t.pool);

    const email = await p.added(user, {
      first_name: "Katherine",
      linkedin: p.freshProfile(),
      email: " k.johnson@nasa.GOV ",
      title: "Engineer",
    });
    expect(email.status).toBe(200);
    expect(email.body.meta).toMatchObject({ outcome: "existing", link: `/profile/${byEmail.id}` });
    expect(email.body.data.attributes).toMatchObject({ title: "Mathematician", linkedin: null });

    const address = await p.added(user, { first_name: "Dorothy", linkedin: stored });
    expect(address.status).toBe(200);
    expect(address.body.meta).toMatchObject({ outcome: "existing", link: `/profile/${byAddress.id}` });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("puts a pool person found again into the workspace named, and a new one in both", async () => {
    const user = await f.newUser();
    const ws = await f.createWorkspace(user, "Acme");
    const address = p.freshProfile();
    const pooled = await p.added(user, { first_name: "Ada", linkedin: address });
    expect(pooled.body.data.meta.related_workspaces).toEqual([]);

    const again = await p.added(user, { first_name: "Ada", linkedin: address, workspace_id: ws });
    expect(again.status).toBe(200);
    expect(again.body.meta).toMatchObject({ outcome: "existing", message: ALREADY_IN_TALENT_POOL });
    expect(again.body.meta.position).toBeGreaterThan(0);
    expect(again.body.data.meta.related_workspaces).toEqual([{ id: ws, name: "Acme" }]);

    const fresh = await p.added(user, { first_name: "Alan", linkedin: p.freshProfile(), workspace_id: ws });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.meta.related_workspaces).toEqual([{ id: ws, name: "Acme" }]);
    expect(fresh.body.data.attributes.owner_id).toBe(user.userId);
  });

  it("finds a workspace member's person through the workspace, and never another user's", async () => {
    const owner = await f.newUser();
    const colleague = await f.newUser();
    const stranger = await f.newUser();
    const ws = await f.createWorkspace(owner);
    await f.join(ws, colleague, "collaborator");
    const shared = p.freshProfile();
    const theirs = await p.added(owner, {
      first_name: "Shared",
      linkedin: shared,
      email: "shared@example.com",
      workspace_id: ws,
    });

    const throughWorkspace = await p.added(colleague, { first_name: "Shared", linkedin: shared, workspace_id: ws });
    expect(throughWorkspace.status).toBe(200);
    expect(throughWorkspace.body.meta.link).toBe(`/profile/${theirs.body.data.id}`);
    // In the owner's talent pool, not the colleague's: the answer does not say 'your talent pool'.
    expect(throughWorkspace.body.meta.message).toBe("Already in this workspace");
    expect((await p.added(owner, { first_name: "Shared", linkedin: shared })).body.meta.message).toBe(
      "Already in your talent pool",
    );

    // Without the workspace, or for someone outside it, the owner's person is not theirs to match.
    const inPool = await p.added(colleague, { first_name: "Shared", linkedin: shared });
    expect(inPool.status).toBe(201);
    const elsewhere = await p.added(stranger, { first_name: "Shared", linkedin: shared, email: "shared@example.com" });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.attributes.owner_id).toBe(stranger.userId);
    expect(new Set([theirs, inPool, elsewhere].map((answer) => answer.body.data.id)).size).toBe(3);
    // The owner's person is as it was: nobody else's add touched it.
    expect((await t.store.readStream(`person-${theirs.body.data.id}`)).length).toBe(1);
  });

  it("refuses someone else's workspace as unknown and a viewer's as forbidden, appending nothing", async () => {
    const user = await f.newUser();
    const other = await f.newUser();
    const theirs = await f.createWorkspace(other);
    const viewing = await f.createWorkspace(other, "Viewed");
    await f.join(viewing, user, "viewer");
    const before = await countEvents(t.pool);

    const unknown = await p.addProfile(user, { first_name: "Ada", linkedin: p.freshProfile(), workspace_id: theirs });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ detail: "Workspace not found" });
    const forbidden = await p.addProfile(user, {
      first_name: "Ada",
      linkedin: p.freshProfile(),
      workspace_id: viewing,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("points at the missing name and the address that is not one", async () => {
    const user = await f.newUser();
    const nameless = await p.addProfile(user, { first_name: " ", last_name: "", linkedin: p.freshProfile() });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors).toEqual([
      expect.objectContaining({
        code: "VALIDATION",
        detail: "This field is required",
        source: { pointer: "/data/attributes/first_name" },
      }),
    ]);
    for (const linkedin of ["linkedin.com/in/ada", "ftp://linkedin.com/in/ada"]) {
      const bad = await p.addProfile(user, { first_name: "Ada", linkedin });
      expect(bad.statusCode, linkedin).toBe(422);
      expect(bad.json().errors).toEqual([
        expect.objectContaining({
          detail: "must be an http(s) address",
          source: { pointer: "/data/attributes/linkedin" },
        }),
      ]);
    }
    const missing = await p.addProfile(user, { first_name: "Ada" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].source).toEqual({ pointer: "/data/attributes/linkedin" });
  });

  it("answers a retry with the same Idempotency-Key as the first time and adds one person", async () => {
    const user = await f.newUser();
    const address = p.freshProfile();
    const key = randomUUID();
    const attributes = { first_name: "Retried", linkedin: address };
    const first = await p.addProfile(user, attributes, key);
    expect(first.statusCode).toBe(201);
    const again = await p.addProfile(user, attributes, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await p.peopleAt(address)).toEqual([first.json().data.id]);
  });

  it("still answers 'new' to a retry whose first answer was never kept, appending nothing", async () => {
    const user = await f.newUser();
    const address = p.freshProfile();
    const key = randomUUID();
    const attributes = { first_name: "Lost", linkedin: address };
    const first = await p.addProfile(user, attributes, key);
    expect(first.statusCode).toBe(201);
    // As when the answer could not be stored: the key is free again, and the request runs again.
    await t.pool.query("delete from idempotency_keys where key = $1", [key]);
    const before = await countEvents(t.pool);
    const again = await p.addProfile(user, attributes, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().meta).toMatchObject({ outcome: "new", link: first.json().meta.link });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("adds one person when the same page is added several times at once", async () => {
    const user = await f.newUser();
    const ws = await f.createWorkspace(user);
    const slug = randomUUID().slice(0, 13);
    const written = [
      `https://www.linkedin.com/in/${slug}/`,
      `http://linkedin.com/in/${slug}`,
      `https://www.linkedin.com/in/${slug}?trk=a`,
      `https://linkedin.com/in/${slug}/#top`,
    ];
    const answers = await Promise.all(
      written.map((linkedin, index) =>
        p.addProfile(user, { first_name: "Twice", linkedin, ...(index % 2 === 0 ? { workspace_id: ws } : {}) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.json().data.id));
    expect(ids.size).toBe(1);
    expect(await p.peopleAt(written[0] ?? "")).toEqual([...ids]);
    const [id] = ids;
    const events = await t.store.readStream(`person-${id}`);
    expect(events.map((event) => event.type).filter((type) => type === "PersonAddedToWorkspace").length).toBeLessThan(
      2,
    );
  });
});
