import { describe, expect, it } from "vitest";
import { breadcrumbTrail, workspaceInitials } from "./breadcrumb-trail.ts";

const names = { workspace: (id: string) => (id === "w1" ? "Acme recruiting" : undefined) };

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
