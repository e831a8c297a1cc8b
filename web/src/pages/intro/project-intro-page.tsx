import { ProjectIllustration } from "./intro-illustrations.tsx";
import { IntroLayout, type IntroStep } from "./intro-layout.tsx";

const steps: readonly IntroStep[] = [
  {
    title: "Create a project",
    text: "Give it a name, a short description, a priority, a start date and, if there is one, a deadline. Pick the workflow its candidates will follow.",
  },
  {
    title: "Add candidates",
    text: "Bring in people from the workspace's People list or your Talent Pool, import a CSV file, or save them with the browser extension.",
  },
  {
    title: "Track the pipeline",
    text: "Move candidates from stage to stage and record each response: Interested, Not interested or Follow up. The workspace home counts them for you.",
  },
  {
    title: "Share it, then archive it",
    text: "Invite teammates from the Access tab. When the search is over, archive the project: it stays readable on the Archived tab but can no longer be changed.",
  },
];

/** /project_intro: what a project is, before the first one is made. */
export function ProjectIntroPage() {
  return (
    <IntroLayout
      title="Projects"
      lead="A project is one hiring need, such as a role you are filling. It holds the candidates for that role and shows where each of them stands."
      illustration={<ProjectIllustration />}
      steps={steps}
      primary={{ label: "Go to your projects", href: "/workspaces/me/projects" }}
    />
  );
}
