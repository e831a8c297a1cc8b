import { PlaceholderPage } from "../placeholder/placeholder-page.tsx";

export function WorkflowsPage(_props: { workspaceId: string }) {
  return <PlaceholderPage area="Workflows" />;
}
