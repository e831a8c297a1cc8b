import { expect, it } from "vitest";
import { TESTIMONIAL_COUNT } from "./public-site-constants.ts";
import { testimonials } from "./testimonials.ts";

it("holds the spec's three testimonials, each with a text, a name and a position", () => {
  expect(testimonials).toHaveLength(TESTIMONIAL_COUNT);
  for (const { text, name, position } of testimonials) {
    expect([text, name, position].every((field) => field.trim().length > 0)).toBe(true);
  }
  expect(new Set(testimonials.map((testimonial) => testimonial.name)).size).toBe(TESTIMONIAL_COUNT);
});
