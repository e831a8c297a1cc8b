import { Button } from "@mantine/core";
import { CallToActionBanner } from "../../components/public/call-to-action-banner.tsx";
import { CustomerStories } from "../../components/public/customer-stories.tsx";
import { SCHEDULING_URL } from "../../components/public/public-site-constants.ts";
import { usePublicWidth } from "../../components/public/use-public-width.ts";
import { PublicLayout } from "../../components/public-layout.tsx";
import { ServiceTiles } from "./service-tiles.tsx";
import { ServicesHero } from "./services-hero.tsx";

/** /services: recruiting done by our team, for companies that would rather not do it alone. */
export function ServicesPage() {
  const width = usePublicWidth();
  return (
    <PublicLayout page="services">
      <ServicesHero width={width} />
      <ServiceTiles width={width} />
      <CustomerStories />
      <CallToActionBanner
        title="Ready to fill your next role?"
        text="Tell us in a short call who you are looking for, and we will suggest how we can help."
        action={
          <Button component="a" href={SCHEDULING_URL} size="lg" variant="white">
            Book Now
          </Button>
        }
      />
    </PublicLayout>
  );
}
