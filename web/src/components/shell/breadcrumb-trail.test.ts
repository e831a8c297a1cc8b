import { describe, expect, it } from "vitest";
import { breadcrumbTrail, personIdOf, workspaceInitials } from "./breadcrumb-trail.ts";

const names = {
  workspace: (id: string) => (id === "w1" ? "Acme recruiting" : undefined),
  person: (id: string) => (id === "p1" ? "Maya Okafor" : undefined),
};

describe("breadcrumbTrail", () => {
  it.each([
    ["/account_settings", [{ label: "Settings", icon: "settings" }]],
    ["/help_center", [{ label: "Help Center", icon: "help" }]],
    ["/profile/", [{ label: "Profile", icon: "profile" }]],
    ["/talent_pool", [{ label: "Talent Pool", href: "/talent_pool" }]],
    ["/talent_search", [{ label: "Talent Search" }]],
    ["/workspaces", [{ label: "Workspaces", href: "/workspaces" }]],
    ["/nowhere", []],
  ])("%s", (path, trail) => {
    expect(breadcrumbTrail(path, names)).toEqual(trail);
  });

  it("shows a workspace's initials and, on its home, its name", () => {
    expect(breadcrumbTrail("/workspaces/w1/home", names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label: "Acme recruiting" },
    ]);
  });

  it.each([
    ["integrations", "Integrations", "integrations"],
    ["people", "People", "people"],
    ["projects", "Projects", "projects"],
    ["sequences", "Sequences", "sequences"],
    ["workflows", "Workflows", "workflows"],
    ["workflow_intro", "Workflows", "workflow_intro"],
    ["project", "Projects", "projects"],
  ])("names the %s area of a workspace", (area, label, linked) => {
    expect(breadcrumbTrail(`/workspaces/w1/${area}/x`, names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label, href: `/workspaces/w1/${linked}` },
    ]);
  });

  it("gives 'me' (every workspace) no initials", () => {
    expect(breadcrumbTrail("/workspaces/me/projects", names)).toEqual([
      { label: "Workspaces", href: "/workspaces" },
      { label: "Projects" },
    ]);
  });

  it("waits for an unknown workspace's name instead of guessing it", () => {
    expect(breadcrumbTrail("/workspaces/w2/home", names)).toEqual([{ label: "…", href: "/workspaces/w2/home" }]);
  });
});

describe("a person's crumb", () => {
  it("names the person with a way back, in the pool and in a workspace", () => {
    expect(breadcrumbTrail("/profile/p1", names)).toEqual([{ label: "Maya Okafor", back: true }]);
    expect(breadcrumbTrail("/workspaces/w1/people/p1", names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label: "People", href: "/workspaces/w1/people" },
      { label: "Maya Okafor", back: true },
    ]);
    expect(breadcrumbTrail("/workspaces/w1/profile/p1", names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label: "People", href: "/workspaces/w1/people" },
      { label: "Maya Okafor", back: true },
    ]);
  });

  it("falls back to the profile icon for the user's own profile or an unknown id", () => {
    expect(breadcrumbTrail("/profile/someone", names)).toEqual([{ label: "Profile", icon: "profile" }]);
  });

  it.each([
    ["/profile/p1", "p1"],
    ["/workspaces/w1/people/p2", "p2"],
    ["/workspaces/w1/profile/p3", "p3"],
    ["/workspaces/w1/people", undefined],
    ["/talent_pool", undefined],
  ])("finds the person of %s", (path, id) => {
    expect(personIdOf(path)).toBe(id);
  });
});

describe("workspaceInitials", () => {
  it.each([
    ["Acme", "AC"],
    ["  zeta ", "ZE"],
    ["X", "X"],
    ["", "?"],
  ])("%j → %s", (name, initials) => {
    expect(workspaceInitials(name)).toBe(initials);
  });
});
