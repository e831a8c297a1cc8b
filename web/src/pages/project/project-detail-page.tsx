import { PlaceholderPage } from "../placeholder/placeholder-page.tsx";

export function ProjectDetailPage(_props: { workspaceId: string; projectId: string }) {
  return <PlaceholderPage area="Project" />;
}
