import { PeopleIllustration } from "./intro-illustrations.tsx";
import { IntroLayout, type IntroStep } from "./intro-layout.tsx";

const steps: readonly IntroStep[] = [
  {
    title: "Bring people in",
    text: "Import a CSV file of up to 400 lines with Add People, or save profiles with the browser extension.",
  },
  {
    title: "Find them again",
    text: "Type a few words in the search box and press Enter. Show 10 to 50 people per page.",
  },
  {
    title: "Assign them to projects",
    text: "Tick the people you want, choose Assign, pick a project and confirm. They join that project's pipeline.",
  },
  {
    title: "Keep profiles up to date",
    text: "Open a person to see their contact details, experience, education and projects, and choose Edit to correct them.",
  },
];

/** /people_intro: what a workspace's People list is for, before it has anyone in it. */
export function PeopleIntroPage() {
  return (
    <IntroLayout
      title="People"
      lead="People are the candidates of a workspace. Keep them in one list, then put them forward for any of the workspace's projects."
      illustration={<PeopleIllustration />}
      steps={steps}
      primary={{ label: "Choose a workspace", href: "/workspaces" }}
      secondary={[{ label: "Open your Talent Pool", href: "/talent_pool" }]}
    />
  );
}
