import { Container, Stack, Title } from "@mantine/core";
import { CustomerLogos } from "./customer-logos.tsx";
import { TestimonialCarousel } from "./testimonial-carousel.tsx";

/** What customers say, then who they are: shared by the landing and services pages. */
export function CustomerStories() {
  return (
    <Container size="lg" py={48}>
      <Stack gap={64}>
        <Stack gap="lg">
          <Title order={2} ta="center">
            What recruiters say
          </Title>
          <TestimonialCarousel />
        </Stack>
        <Stack gap="lg">
          <Title order={2} ta="center" size="h4" c="dimmed">
            Hiring teams that work with Hirestream
          </Title>
          <CustomerLogos />
        </Stack>
      </Stack>
    </Container>
  );
}
