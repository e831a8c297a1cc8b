import { Button, Stack, Text } from "@mantine/core";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";

/**
 * No project yet: what projects are for, and the way to make the first one; without a workspace
 * of one's own, the way to make that first.
 */
export function ProjectsEmpty({
  onCreate,
  hasWorkspace,
}: {
  onCreate: (() => void) | undefined;
  hasWorkspace: boolean;
}) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text fw={500}>You have no projects yet.</Text>
      <EmptyListShown />
      <Text c="dimmed" ta="center" maw={560}>
        A project is one hiring need, such as a role you are filling. It holds that role's candidates, moves them
        through the stages of its workflow and shows where each of them stands. Create one to start adding people.
      </Text>
      {onCreate ? (
        <Button onClick={onCreate}>New project</Button>
      ) : hasWorkspace ? (
        <Text size="sm" c="dimmed" ta="center" maw={560}>
          Your role does not allow creating projects here; a workspace owner or manager can.
        </Text>
      ) : (
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            Projects live in workspaces. Create a workspace first, or accept an invitation to a team's.
          </Text>
          <RouterAnchor href="/workspaces">Go to Workspaces</RouterAnchor>
        </Stack>
      )}
      <RouterAnchor href="/project_intro" size="sm">
        How projects work
      </RouterAnchor>
    </Stack>
  );
}
