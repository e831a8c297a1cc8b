import { Loader, Stack, Text, Title } from "@mantine/core";
import { useLocation, useSearch } from "wouter";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PeopleListView } from "../../components/people/people-list-view.tsx";
import type { PeopleColumn } from "../../components/people/people-table.tsx";
import { PersonProjectList } from "../../components/people/person-project-list.tsx";
import type { PersonProject } from "../../components/people/person-projects.ts";
import { type PersonListRow, useAllPeople } from "../../components/people/use-people.ts";
import { usePeopleProjects } from "../../components/people/use-people-projects.ts";
import { usePeopleView } from "../../components/people/use-people-view.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";

const profileHref = (person: PersonListRow) => `/profile/${person.id}`;

/** Each candidate's projects with their stage and response (spec §2: a project-people search). */
function projectsColumn(
  projects: ReadonlyMap<string, readonly PersonProject[]> | undefined,
  synced: boolean | undefined,
): PeopleColumn {
  return {
    header: "Projects",
    cell: (person) => {
      const entries = projects?.get(person.id);
      if (entries === undefined) return <Loader size="xs" aria-label="Loading projects" />;
      if (entries.length > 0) return <PersonProjectList entries={entries} layout="inline" />;
      return (
        <Text size="sm" c="dimmed">
          {synced ? "No project you have access to" : "Still catching up with the server"}
        </Text>
      );
    },
  };
}

function TalentSearchResults({ people, searchBy }: { people: readonly PersonListRow[]; searchBy: string }) {
  const [, navigate] = useLocation();
  // The query string holds the search, so the top bar's box, Back and a reload all agree.
  const view = usePeopleView(people, {
    initialSearch: searchBy,
    onSearch: (text) => navigate(text ? `/talent_search?search_by=${encodeURIComponent(text)}` : "/talent_search"),
  });
  // Only the page shown: a search may find thousands.
  const projects = usePeopleProjects(view.page.items.map((person) => person.id));
  const synced = useFirstSyncDone();
  return <PeopleListView view={view} hrefOf={profileHref} extraColumn={projectsColumn(projects, synced)} />;
}

/**
 * /talent_search?search_by=…: everyone this device knows of (pool and workspaces), searched offline,
 * with the projects each is a candidate in.
 */
export function TalentSearchPage() {
  const searchBy = new URLSearchParams(useSearch()).get("search_by")?.trim() ?? "";
  const people = useAllPeople();
  const synced = useFirstSyncDone();
  if (!people || (people.length === 0 && !synced)) return <LoadingScreen label="Searching" />;
  return (
    <Stack gap="lg">
      <Stack gap={0}>
        <Title order={1} size="h2">
          Talent Search
        </Title>
        <Text c="dimmed">Your Talent Pool and the people of every workspace you are in.</Text>
      </Stack>
      {/* Keyed by the search: a new search from the top bar starts on page 1 with its words in the box. */}
      <TalentSearchResults key={searchBy} people={people} searchBy={searchBy} />
    </Stack>
  );
}
