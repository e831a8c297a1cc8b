import { Anchor, Group } from "@mantine/core";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import type { HelpLink } from "./help-topics.ts";

/** The app address of a link, or null when it needs a workspace and the user has none yet. */
export function helpLinkHref(link: HelpLink, workspaceId: string | undefined): string | null {
  if ("to" in link) return link.to;
  if ("file" in link) return link.file;
  return workspaceId ? `/workspaces/${workspaceId}/${link.workspacePath}` : null;
}

/** The "go there" links under a help answer. */
export function HelpTopicLinks({
  links,
  workspaceId,
}: {
  links: readonly HelpLink[];
  workspaceId: string | undefined;
}) {
  const shown = links.flatMap((link) => {
    const href = helpLinkHref(link, workspaceId);
    return href ? [{ link, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Group gap="md" mt="xs">
      {shown.map(({ link, href }) =>
        // Example files are static downloads, not screens, so the router must not handle them.
        "file" in link ? (
          <Anchor key={href} href={href} download size="sm">
            {link.label}
          </Anchor>
        ) : (
          <RouterAnchor key={href} href={href} size="sm">
            {link.label}
          </RouterAnchor>
        ),
      )}
    </Group>
  );
}
