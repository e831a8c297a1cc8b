import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SCHEDULING_URL, TESTIMONIAL_AUTO_ADVANCE_MS } from "../src/components/public/public-site-constants.ts";
import { type E2E, startE2E } from "./harness.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The carousel's live announcement, "Slide n of 3": what a screen reader hears on every move. */
const carouselStatus = (page: Page) => page.getByRole("region", { name: "Testimonials" }).getByRole("status");

async function expectSlide(page: Page, slide: number, timeout = 3000) {
  await expect.poll(() => carouselStatus(page).textContent(), { timeout }).toBe(`Slide ${slide} of 3`);
}

it("shows the landing hero, whose buttons lead to /sign_up and /services", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Your Data. Your Career." }).waitFor();
  await page.getByRole("link", { name: "Try for free!" }).click();
  await page.waitForURL("**/sign_up");
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "We Recruit for You" }).click();
  await page.waitForURL("**/services");
  await page.getByRole("heading", { level: 1, name: "We Recruit for You" }).waitFor();
  expect(await page.getByRole("link", { name: "Book a Meeting" }).getAttribute("href")).toBe(SCHEDULING_URL);
  await page.getByText("© 2024 Hirestream").waitFor();
  await context.close();
});

it("moves the testimonials on by itself, and the arrows wrap at both ends", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  // The page's clock stands still and moves only when told: the slide must stay through all but
  // the last moment of the interval and move once the interval is over, whatever the machine's load.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto("/");
  // The page's code loads as a chunk of its own, and React shows it on a timer of its own after the
  // loading state: steps of 50 ms let that timer run, so the carousel starts at most 50 ms early.
  while ((await carouselStatus(page).count()) === 0) await page.clock.runFor(50);
  await expectSlide(page, 1);
  await page.clock.runFor(TESTIMONIAL_AUTO_ADVANCE_MS - 100);
  expect(await carouselStatus(page).textContent()).toBe("Slide 1 of 3");
  await page.clock.runFor(1000);
  await expectSlide(page, 2);
  await page.clock.resume();

  const previous = page.getByRole("button", { name: "Previous testimonial" });
  const next = page.getByRole("button", { name: "Next testimonial" });
  await previous.click();
  await expectSlide(page, 1);
  await previous.click();
  await expectSlide(page, 3);
  await next.click();
  await expectSlide(page, 1);
  await context.close();
});

it("offers the burger menu's four entries on a 780 px wide screen", async () => {
  const context = await e2e.newContext({ width: 780, height: 900 });
  const page = await context.newPage();
  const connectWithUs = () => page.getByRole("menuitem", { name: "CONNECT WITH US" });

  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Your Data. Your Career." }).waitFor();
  expect(await page.getByRole("banner").getByRole("link", { name: "Login" }).count()).toBe(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await connectWithUs().waitFor();
  const entries = await page.getByRole("menuitem").allTextContents();
  expect(entries).toEqual(["NEED HELP HIRING?", "GET STARTED NOW", "LOGIN", "CONNECT WITH US"]);
  expect(await connectWithUs().getAttribute("href")).toMatch(/^mailto:/);

  await page.goto("/services");
  await page.getByRole("button", { name: "Open menu" }).click();
  await connectWithUs().waitFor();
  expect(await connectWithUs().getAttribute("href")).toBe(SCHEDULING_URL);
  await page.getByRole("menuitem", { name: "LOGIN" }).click();
  await page.waitForURL("**/sign_in");
  await context.close();
});

it("shows the privacy notice for California residents with its effective date", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/privacy_policy");
  await page.getByRole("heading", { level: 1, name: "Privacy Notice for California Residents" }).waitFor();
  await page.getByText("January 1, 2020").waitFor();
  await context.close();
});
