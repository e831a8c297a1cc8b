/// <reference types="embla-carousel-autoplay" resolution-mode="require" />
// Mantine's typings reach Embla's CommonJS declarations while this file gets the ES ones, and the
// autoplay plugin adds its events to only the copy it is loaded with. The reference above loads the
// CommonJS copy too (types only, nothing at run time), so both Embla types agree and the plugin fits.
import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { Box } from "@mantine/core";
import Autoplay from "embla-carousel-autoplay";
import { useState } from "react";
import { TESTIMONIAL_AUTO_ADVANCE_MS, TESTIMONIAL_CARD_WIDTH_PX } from "./public-site-constants.ts";
import { TestimonialCard } from "./testimonial-card.tsx";
import { testimonials } from "./testimonials.ts";

// One card per view: Embla loops only when the slides overflow the viewport, and three full-width
// slides always do, whatever the screen width.
const emblaOptions = { loop: true } as const;

/**
 * The customer stories, one card at a time, wrapping at both ends and moving on every 7 s. It pauses
 * while the pointer rests on a card or focus is inside one, so a story can be read to the end.
 */
export function TestimonialCarousel() {
  // One plugin per carousel: it keeps the timer of the Embla instance it is given.
  const [autoplay] = useState(() =>
    Autoplay({
      delay: TESTIMONIAL_AUTO_ADVANCE_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  // A visitor who steps with the arrows gets a full interval on the card they chose.
  const restartTimer = () => autoplay.reset();
  return (
    <Box maw={TESTIMONIAL_CARD_WIDTH_PX} mx="auto" w="100%">
      <Carousel
        aria-label="Testimonials"
        emblaOptions={emblaOptions}
        plugins={[autoplay]}
        slideSize="100%"
        slideGap="md"
        controlSize={36}
        controlsOffset="xs"
        previousControlProps={{ "aria-label": "Previous testimonial" }}
        nextControlProps={{ "aria-label": "Next testimonial" }}
        onPreviousSlide={restartTimer}
        onNextSlide={restartTimer}
      >
        {testimonials.map((testimonial, index) => (
          <Carousel.Slide key={testimonial.name} aria-label={`${index + 1} of ${testimonials.length}`}>
            <TestimonialCard testimonial={testimonial} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
