import { describe, expect, it } from "vitest";
import { normalizeProfileUrl, profileAttributes } from "./from-profile.ts";

describe("normalizeProfileUrl", () => {
  it("gives one address for the ways a profile is reached", () => {
    const one = "https://network.example/in/ada-lovelace";
    for (const address of [
      "https://network.example/in/ada-lovelace",
      "http://www.network.example/in/ada-lovelace/",
      " https://WWW.Network.Example/in/Ada-Lovelace/?trk=public#about ",
      "https://network.example/in/ada-lovelace//",
    ]) {
      expect(normalizeProfileUrl(address)).toBe(one);
    }
  });

  it("keeps apart different people and different sites", () => {
    expect(normalizeProfileUrl("https://network.example/in/ada")).not.toBe(
      normalizeProfileUrl("https://network.example/in/ada-lovelace"),
    );
    expect(normalizeProfileUrl("https://other.example/in/ada")).not.toBe(
      normalizeProfileUrl("https://network.example/in/ada"),
    );
  });

  it("refuses what is not an http(s) address", () => {
    expect(normalizeProfileUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeProfileUrl("ftp://network.example/in/ada")).toBeNull();
    expect(normalizeProfileUrl("not a url")).toBeNull();
  });
});

describe("profileAttributes", () => {
  const base = { first_name: "Ada", linkedin: "https://network.example/in/ada" };

  it("takes a name and a profile address", () => {
    expect(profileAttributes.safeParse(base).success).toBe(true);
  });

  it("requires a name", () => {
    const result = profileAttributes.safeParse({ linkedin: base.linkedin, first_name: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["first_name"]);
  });

  it("requires the profile address to be http(s)", () => {
    expect(profileAttributes.safeParse({ ...base, linkedin: "javascript:alert(1)" }).success).toBe(false);
  });

  it("requires the workspace with a project and the project with a stage", () => {
    const projectId = "0b8e2f5c-2a43-4b8e-9d1f-6f1c1d2e3a4b";
    expect(profileAttributes.safeParse({ ...base, project_id: projectId }).success).toBe(false);
    expect(profileAttributes.safeParse({ ...base, stage_id: projectId }).success).toBe(false);
    expect(
      profileAttributes.safeParse({ ...base, workspace_id: projectId, project_id: projectId, stage_id: projectId })
        .success,
    ).toBe(true);
  });

  it("refuses fields the panel does not show", () => {
    expect(profileAttributes.safeParse({ ...base, phone: "555" }).success).toBe(false);
  });
});
