import { Button } from "@mantine/core";
import { Link } from "wouter";
import { CallToActionBanner } from "../../components/public/call-to-action-banner.tsx";
import { CustomerStories } from "../../components/public/customer-stories.tsx";
import { usePublicWidth } from "../../components/public/use-public-width.ts";
import { PublicLayout } from "../../components/public-layout.tsx";
import { LandingFeatures } from "./landing-features.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { LandingJoinNow } from "./landing-join-now.tsx";

/** The public home (/): the pitch for the free CRM, then proof, then the way in. */
export function LandingPage() {
  const width = usePublicWidth();
  return (
    <PublicLayout page="home">
      <LandingHero width={width} />
      <LandingFeatures width={width} />
      <LandingJoinNow width={width} />
      <CustomerStories />
      <CallToActionBanner
        title="Recruit smarter, not harder"
        text="Set up your first workspace in minutes, bring your candidates with you, and let sequences handle the follow-ups."
        action={
          <Link href="/sign_up" asChild>
            <Button component="a" size="lg" variant="white">
              Get Started
            </Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
