import { expect, it } from "vitest";
import { burgerMenuEntries, footerColumns, footerLinks } from "./public-links.ts";
import { HELLO_EMAIL, SCHEDULING_URL } from "./public-site-constants.ts";

const connectWithUs = (page: "home" | "services") =>
  burgerMenuEntries(page).find((entry) => entry.label === "CONNECT WITH US")?.href;

it("offers the four burger entries in the spec's order on both pages", () => {
  for (const page of ["home", "services"] as const) {
    expect(burgerMenuEntries(page).map((entry) => entry.label)).toEqual([
      "NEED HELP HIRING?",
      "GET STARTED NOW",
      "LOGIN",
      "CONNECT WITH US",
    ]);
  }
});

it("connects home visitors by mail and services visitors to the scheduling page", () => {
  expect(connectWithUs("home")).toBe(`mailto:${HELLO_EMAIL}`);
  expect(connectWithUs("services")).toBe(SCHEDULING_URL);
});

it("gives only the services footer its Company, Resources and Legal columns", () => {
  expect(footerColumns("home")).toEqual([]);
  const services = footerColumns("services");
  expect(services.map((column) => column.heading)).toEqual(["Company", "Resources", "Legal"]);
  expect(services[0]?.links.map((link) => link.label)).toEqual(["Home", "Careers", "Contact"]);
  expect(services[1]?.links.map((link) => link.label)).toEqual(["Blog", "Help Center"]);
});

it("keeps every home footer link in the services footer's columns", () => {
  const inColumns = footerColumns("services").flatMap((column) => column.links.map((link) => link.href));
  for (const link of footerLinks) expect(inColumns).toContain(link.href);
});
