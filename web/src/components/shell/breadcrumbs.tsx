import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { IconHelpCircle, IconSettings, IconUser } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { Link, useLocation } from "wouter";
import { useReplica } from "../../replica/replica-provider.tsx";
import { breadcrumbTrail, type Crumb, type CrumbIcon } from "./breadcrumb-trail.ts";

const icons: Record<CrumbIcon, typeof IconSettings> = {
  settings: IconSettings,
  help: IconHelpCircle,
  profile: IconUser,
};

function CrumbContent({ crumb }: { crumb: Crumb }) {
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
  const trail = breadcrumbTrail(location, {
    workspace: (id) => (id === workspaceId ? workspaceName : undefined),
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
