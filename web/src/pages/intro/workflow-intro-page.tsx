import { WorkflowIllustration } from "./intro-illustrations.tsx";
import { IntroLayout, type IntroStep } from "./intro-layout.tsx";

const steps: readonly IntroStep[] = [
  {
    title: "Build a template",
    text: "Name the workflow and list its stages in order, for example Sourced, Contacted, Interview and Offer. A workflow has at least three stages.",
  },
  {
    title: "Let stages do the outreach",
    text: "A stage can start an email sequence for the candidates in it, and name a follow-up stage for those who respond.",
  },
  {
    title: "Give it to a project",
    text: "Add the template to a project. The project gets its own copy, listed on the Assigned tab, so your template stays as it was.",
  },
  {
    title: "Move candidates along",
    text: "In the project, change each candidate's stage as they progress. Moving someone whose sequence is running stops it, after you confirm.",
  },
];

/** /workspaces/{id}/workflow_intro: what workflows are, before the first one is made. */
export function WorkflowIntroPage({ workspaceId }: { workspaceId: string }) {
  return (
    <IntroLayout
      title="Workflows"
      lead="A workflow is the path candidates follow in a project: the stages they move through, from first contact to offer."
      illustration={<WorkflowIllustration />}
      steps={steps}
      primary={{ label: "Open Workflows", href: `/workspaces/${encodeURIComponent(workspaceId)}/workflows` }}
    />
  );
}
