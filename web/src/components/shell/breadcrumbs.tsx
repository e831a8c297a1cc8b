import { ActionIcon, Anchor, Group, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { IconArrowLeft, IconHelpCircle, IconSettings, IconUser } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { Link, useLocation } from "wouter";
import { useReplica } from "../../replica/replica-provider.tsx";
import { personFullName } from "../people/person-display.ts";
import { breadcrumbTrail, type Crumb, type CrumbIcon, personIdOf, projectIdOf } from "./breadcrumb-trail.ts";

const icons: Record<CrumbIcon, typeof IconSettings> = {
  settings: IconSettings,
  help: IconHelpCircle,
  profile: IconUser,
};

function CrumbContent({ crumb }: { crumb: Crumb }) {
  if (crumb.back) {
    return (
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" size="sm" aria-label="Back" onClick={() => window.history.back()}>
          <IconArrowLeft size={16} aria-hidden="true" />
        </ActionIcon>
        {crumb.label}
      </Group>
    );
  }
  if (!crumb.icon) return crumb.label;
  const Icon = icons[crumb.icon];
  return <Icon size={18} aria-label={crumb.label} role="img" />;
}

/** Where the user is, in the top bar: workspace initials and name, the area, the record. */
export function Breadcrumbs() {
  const [location] = useLocation();
  const { db } = useReplica();
  const workspaceId = /^\/workspaces\/([^/]+)/.exec(location)?.[1];
  const workspaceName = useLiveQuery(
    async () => (workspaceId ? (await db.workspaces.get(workspaceId))?.name : undefined),
    [db, workspaceId],
  );
  const personId = personIdOf(location);
  const personName = useLiveQuery(async () => {
    const person = personId ? await db.people.get(personId) : undefined;
    return person ? personFullName(person) : undefined;
  }, [db, personId]);
  const projectId = projectIdOf(location);
  const projectName = useLiveQuery(
    async () => (projectId ? (await db.projects.get(projectId))?.name : undefined),
    [db, projectId],
  );
  const trail = breadcrumbTrail(location, {
    workspace: (id) => (id === workspaceId ? workspaceName : undefined),
    person: (id) => (id === personId ? personName : undefined),
    project: (id) => (id === projectId ? projectName : undefined),
  });
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumbs">
      <MantineBreadcrumbs separatorMargin={6}>
        {trail.map((crumb, index) =>
          crumb.href && index < trail.length - 1 ? (
            <Anchor key={crumb.href} component={Link} href={crumb.href} size="sm">
              <CrumbContent crumb={crumb} />
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" fw={500} aria-current={index === trail.length - 1 ? "page" : undefined}>
              <CrumbContent crumb={crumb} />
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
