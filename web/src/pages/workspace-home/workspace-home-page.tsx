import { PlaceholderPage } from "../placeholder/placeholder-page.tsx";

export function WorkspaceHomePage(_props: { workspaceId: string }) {
  return <PlaceholderPage area="Workspace home" />;
}
