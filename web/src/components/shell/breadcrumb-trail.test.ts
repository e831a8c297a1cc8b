import { describe, expect, it } from "vitest";
import { breadcrumbTrail, personIdOf, projectIdOf, workspaceInitials } from "./breadcrumb-trail.ts";

const names = {
  workspace: (id: string) => (id === "w1" ? "Acme recruiting" : undefined),
  person: (id: string) => (id === "p1" ? "Maya Okafor" : undefined),
  project: (id: string) => (id === "j1" ? "Backend engineers" : undefined),
};

describe("breadcrumbTrail", () => {
  it.each([
    ["/account_settings", [{ label: "Settings", icon: "settings" }]],
    ["/help_center", [{ label: "Help Center", icon: "help" }]],
    ["/chrome_extension", [{ label: "Chrome Extension" }]],
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

describe("a project's crumb", () => {
  it.each(["project", "projects"])("names the project with a way back on /workspaces/{ws}/%s/{id}", (area) => {
    expect(breadcrumbTrail(`/workspaces/w1/${area}/j1`, names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label: "Projects", href: "/workspaces/w1/projects" },
      { label: "Backend engineers", back: true },
    ]);
  });

  it("waits for a project the replica does not hold yet", () => {
    expect(breadcrumbTrail("/workspaces/w1/project/j2", names)).toEqual([
      { label: "AC", href: "/workspaces/w1/home" },
      { label: "Projects", href: "/workspaces/w1/projects" },
    ]);
  });

  it("names no project when the lookup cannot name projects", () => {
    const { project: _project, ...withoutProjects } = names;
    expect(breadcrumbTrail("/workspaces/w1/project/j1", withoutProjects)).toHaveLength(2);
  });

  it.each([
    ["/workspaces/w1/project/j1", "j1"],
    ["/workspaces/w1/projects/j2", "j2"],
    ["/workspaces/w1/projects", undefined],
    ["/workspaces/w1/people/p1", undefined],
    ["/profile/p1", undefined],
  ])("finds the project of %s", (path, id) => {
    expect(projectIdOf(path)).toBe(id);
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
