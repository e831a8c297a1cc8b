// Which breadcrumbs a path shows (spec §2, Breadcrumbs). Pure: names come from a lookup.

export type CrumbIcon = "settings" | "help" | "profile";

export interface Crumb {
  label: string;
  href?: string;
  /** Shown as an icon with `label` as its accessible name. */
  icon?: CrumbIcon;
  /** A record reached from a list: the crumb offers the way back to it. */
  back?: true;
}

export interface CrumbNames {
  /** The workspace's name, when the replica has it. */
  workspace(id: string): string | undefined;
  /** A person's full name, when the replica has the person. */
  person(id: string): string | undefined;
  /** A project's name, when the replica has the project. */
  project?(id: string): string | undefined;
}

/** The person a path shows, if any: /profile/{id}, /workspaces/{ws}/people/{id}, /workspaces/{ws}/profile/{id}. */
export function personIdOf(path: string): string | undefined {
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "profile") return parts[1];
  if (parts[0] === "workspaces" && (parts[2] === "people" || parts[2] === "profile")) return parts[3];
  return undefined;
}

/** The project a path shows, if any: /workspaces/{ws}/project/{id} and /workspaces/{ws}/projects/{id}. */
export function projectIdOf(path: string): string | undefined {
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "workspaces" && (parts[2] === "project" || parts[2] === "projects")) return parts[3];
  return undefined;
}

const workspaceAreas: Record<string, string> = {
  integrations: "Integrations",
  people: "People",
  projects: "Projects",
  project: "Projects",
  reports: "Reports",
  sequences: "Sequences",
  workflows: "Workflows",
  workflow_intro: "Workflows",
};

/** The first two letters of the workspace's name, as its circle in the left navigation shows. */
export function workspaceInitials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase() || "?";
}

export function breadcrumbTrail(path: string, names: CrumbNames): Crumb[] {
  const parts = path.split("/").filter(Boolean);
  const [first, second, third, fourth] = parts;
  switch (first) {
    case "account_settings":
      return [{ label: "Settings", icon: "settings" }];
    case "help_center":
      return [{ label: "Help Center", icon: "help" }];
    case "chrome_extension":
      return [{ label: "Chrome Extension" }];
    case "profile": {
      // /profile/{id} is a person when the replica knows one by that id, else the user's own profile.
      const name = second ? names.person(second) : undefined;
      return name === undefined ? [{ label: "Profile", icon: "profile" }] : [{ label: name, back: true }];
    }
    case "talent_pool":
    case "talent_pool_intro":
      return [{ label: "Talent Pool", href: "/talent_pool" }];
    case "talent_search":
      return [{ label: "Talent Search" }];
    case "people_intro":
      return [{ label: "People" }];
    case "project_intro":
      return [{ label: "Projects" }];
    case "workspaces":
      return workspaceTrail(second, third, fourth, names);
    default:
      return [];
  }
}

function workspaceTrail(
  id: string | undefined,
  area: string | undefined,
  record: string | undefined,
  names: CrumbNames,
): Crumb[] {
  const home: Crumb = { label: "Workspaces", href: "/workspaces" };
  if (!id) return [home];
  const areaLabel = area ? workspaceAreas[area] : undefined;
  // `me` stands for every workspace of the user (API.md), so it has no name of its own.
  if (id === "me") return areaLabel ? [home, { label: areaLabel }] : [home];
  const name = names.workspace(id);
  const trail: Crumb[] = [
    { label: name === undefined ? "…" : workspaceInitials(name), href: `/workspaces/${id}/home` },
  ];
  if (!area || area === "home") {
    if (name !== undefined) trail.push({ label: name });
    return trail;
  }
  if (areaLabel) trail.push({ label: areaLabel, href: `/workspaces/${id}/${area === "project" ? "projects" : area}` });
  if (area === "profile") trail.push({ label: "People", href: `/workspaces/${id}/people` });
  const personId = area === "people" || area === "profile" ? record : undefined;
  const person = personId ? names.person(personId) : undefined;
  if (person !== undefined) trail.push({ label: person, back: true });
  const projectId = area === "project" || area === "projects" ? record : undefined;
  const project = projectId ? names.project?.(projectId) : undefined;
  if (project !== undefined) trail.push({ label: project, back: true });
  return trail;
}
