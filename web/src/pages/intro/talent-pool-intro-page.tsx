import { TalentPoolIllustration } from "./intro-illustrations.tsx";
import { IntroLayout, type IntroStep } from "./intro-layout.tsx";

const steps: readonly IntroStep[] = [
  {
    title: "It is yours",
    text: "Your Talent Pool belongs to you, not to a workspace. It follows you into every workspace you work in.",
  },
  {
    title: "It fills itself",
    text: "People you save with the browser extension are added to your pool automatically.",
  },
  {
    title: "Use it in any project",
    text: "Select people, pick one of your workspaces and then a project, and assign them. Any workspace you own or are a guest in will do.",
  },
];

/** /talent_pool_intro: the personal talent pool, explained before it is first used. */
export function TalentPoolIntroPage() {
  return (
    <IntroLayout
      title="Your Talent Pool"
      lead="Your own database of people you have found, ready to add to any project."
      illustration={<TalentPoolIllustration />}
      steps={steps}
      primary={{ label: "Open your Talent Pool", href: "/talent_pool" }}
    />
  );
}
