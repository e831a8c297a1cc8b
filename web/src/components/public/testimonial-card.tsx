import { Avatar, Box, Group, Paper, Stack, Text } from "@mantine/core";
import type { Testimonial } from "./testimonials.ts";

/** One customer story: the quote, then who said it beside an initials portrait. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Paper component="figure" withBorder radius="md" m={0} py="xl" px={56} h="100%">
      <Stack gap="lg">
        <Text component="blockquote" m={0} size="lg" fs="italic">
          “{testimonial.text}”
        </Text>
        <Group component="figcaption" gap="sm" wrap="nowrap">
          {/* The name beside it already says who this is, so the portrait stays out of the reading. */}
          <Avatar name={testimonial.name} color={testimonial.portraitColor} variant="filled" size="lg" aria-hidden />
          <Box>
            <Text fw={700}>{testimonial.name}</Text>
            <Text size="sm" c="dimmed">
              {testimonial.position}
            </Text>
          </Box>
        </Group>
      </Stack>
    </Paper>
  );
}
