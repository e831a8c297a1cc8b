import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBrandChrome, IconFileImport, IconUserStar, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { CHROME_EXTENSION_PATH } from "../../constants.ts";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";

function Way({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        {icon}
        <Text fw={500}>{title}</Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {text}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

/** An empty project (spec §2): the ways to bring its first candidates in. */
export function LetsGetToWork({
  workspaceId,
  hasWorkflow,
  onImport,
}: {
  workspaceId: string;
  hasWorkflow: boolean;
  onImport: () => void;
}) {
  return (
    <Stack gap="lg" py="md">
      <EmptyListShown />
      <Stack gap={4} align="center">
        <Title order={2} size="h3">
          Let's get to work!
        </Title>
        <Text c="dimmed" ta="center" maw={620}>
          This project has no candidates yet. Add them in whichever way suits you.
        </Text>
      </Stack>
      {!hasWorkflow && (
        <Alert color="blue" title="Assign a workflow first">
          Candidates go into the stages of the project's workflow. Pick one on the Workflow tab.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Way
          icon={<IconUsers size={28} aria-hidden="true" />}
          title="From People in the workspace"
          text="Select people of this workspace and assign them to the project."
          action={<RouterAnchor href={`/workspaces/${workspaceId}/people`}>Go to People</RouterAnchor>}
        />
        <Way
          icon={<IconUserStar size={28} aria-hidden="true" />}
          title="From your Talent Pool"
          text="Pick people from your own talent database, then this workspace and project."
          action={<RouterAnchor href="/talent_pool">Go to Talent Pool</RouterAnchor>}
        />
        <Way
          icon={<IconFileImport size={28} aria-hidden="true" />}
          title="Import a CSV file"
          text="Upload a .csv file of candidates, one per line after the header."
          action={
            <Button variant="light" onClick={onImport}>
              Import CSV
            </Button>
          }
        />
        <Way
          icon={<IconBrandChrome size={28} aria-hidden="true" />}
          title="With the browser extension"
          text="Save profiles from the professional network as you browse. Candidates are also added to the workspace and the Talent Pool."
          action={<RouterAnchor href={CHROME_EXTENSION_PATH}>Get the extension</RouterAnchor>}
        />
      </SimpleGrid>
    </Stack>
  );
}
