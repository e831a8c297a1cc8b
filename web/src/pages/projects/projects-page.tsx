import { PlaceholderPage } from "../placeholder/placeholder-page.tsx";

export function ProjectsPage(_props: { workspaceId: string }) {
  return <PlaceholderPage area="Projects" />;
}
