// @vitest-environment happy-dom
import { PERSON_FIELD_MAX, PERSON_LIST_MAX } from "@hirestream/contracts/people/profile.ts";
import { describe, expect, it } from "vitest";
import { fixturePages, parsePage } from "./fixtures/fixture-pages.ts";
import { readProfile } from "./read-profile.ts";

function read(name: keyof typeof fixturePages, url: string = fixturePages[name].url) {
  return readProfile(parsePage(fixturePages[name].html), url);
}

describe("readProfile", () => {
  it("reads a full profile from its JSON-LD, filling the headline and the lists from its markup", () => {
    expect(read("fullProfile")).toEqual({
      profile_url: "https://www.linkedin.com/in/marta-quintela-4b2a/",
      first_name: "Marta",
      last_name: "Quintela",
      headline: "Staff Engineer at Tidewater Labs · Payments, Rust and Postgres",
      title: "Staff Engineer",
      company: "Tidewater Labs",
      location: "Lisbon, Lisbon, Portugal",
      avatar_url: "https://media.example.test/photos/marta.jpg",
      experience: [
        {
          title: "Staff Engineer",
          company: "Tidewater Labs",
          period: "Mar 2021 – Present · 3 yrs 9 mos",
          location: "Lisbon, Portugal",
        },
        {
          title: "Software Engineer",
          company: "Northbeam Payments",
          period: "Sep 2016 – Feb 2021",
          location: "Remote",
        },
      ],
      education: [
        { title: "Instituto Superior de Exemplo", description: "MSc, Computer Science", period: "2013 – 2015" },
        { title: "Escola Secundária da Ribeira", period: "2007 – 2010" },
      ],
    });
  });

  it("reads a profile without JSON-LD from its markup and Open Graph tags alone", () => {
    expect(read("markupOnly")).toEqual({
      profile_url: "https://www.linkedin.com/in/tomas-lopes/",
      first_name: "Tomás Ferreira",
      last_name: "Lopes",
      headline: "Product manager for freight software",
      title: "Product Manager",
      company: "Harbourline",
      location: "Porto, Portugal",
      avatar_url: "https://www.linkedin.com/photos/tomas.png",
      experience: [
        {
          title: "Product Manager",
          company: "Harbourline",
          period: "Jan 2019 – Present",
          location: "Matosinhos, Porto, Portugal",
        },
      ],
      education: [{ title: "Universidade do Exemplo", description: "BSc, Management" }],
    });
  });

  it("leaves what a sparse profile lacks empty instead of inventing it", () => {
    expect(read("sparseProfile")).toEqual({
      profile_url: "https://www.linkedin.com/in/nkechi-o",
      first_name: "Nkechi",
      last_name: null,
      headline: null,
      title: null,
      company: null,
      location: null,
      avatar_url: null,
      experience: [],
      education: [],
    });
  });

  it("skips JSON-LD that is malformed or of the wrong shape and reads the markup", () => {
    expect(read("brokenJsonLd")).toEqual({
      profile_url: "https://www.linkedin.com/in/jonas-falk-rudiger/",
      first_name: "Jonas",
      last_name: "Falk-Rüdiger",
      headline: "Warehouse automation lead",
      title: "Automation Lead",
      company: "Elbe Robotics",
      location: "Hamburg, Germany",
      avatar_url: null,
      experience: [{ title: "Automation Lead", company: "Elbe Robotics", period: "2020 – Present" }],
      education: [],
    });
  });

  it("reads a company with several positions as one item with its jobs, and schools from JSON-LD", () => {
    expect(read("severalPositions")).toEqual({
      profile_url: "https://www.linkedin.com/in/anasofia-pires",
      first_name: "Ana Sofia",
      last_name: "de Carvalho Pires",
      headline: "Operations director · logistics",
      title: "Operations Director",
      company: "Brightwell Logistics",
      location: "Portugal",
      avatar_url: null,
      experience: [
        {
          company: "Brightwell Logistics",
          location: "Setúbal, Portugal",
          jobs: [
            { title: "Operations Director", period: "Jan 2022 – Present" },
            { title: "Depot Manager", period: "Apr 2019 – Dec 2021" },
            { title: "Shift Lead" },
          ],
        },
        { title: "Planner", company: "Quayside Freight", period: "Jun 2015 – Oct 2017" },
      ],
      education: [{ title: "Universidade Atlântica de Exemplo", period: "2008 – 2012" }],
    });
  });

  it("reads the ProfilePage's main Person from JSON-LD alone, its lists included", () => {
    expect(read("jsonLdOnly")).toEqual({
      profile_url: "https://de.linkedin.com/in/wei-hartmann",
      first_name: "Wei",
      last_name: "Hartmann",
      headline: "Pipelines for grid data.",
      title: "Data Engineer",
      company: "Rheinfluss Energie",
      location: "Cologne, North Rhine-Westphalia, Germany",
      avatar_url: "https://media.example.test/photos/wei.jpg",
      experience: [
        { company: "Rheinfluss Energie", period: "since 2023-02" },
        { company: "Kanal Analytics" },
        { company: "Stadtwerke Beispiel", period: "2018 – 2023" },
      ],
      education: [{ title: "Technische Hochschule Beispiel", period: "2018" }],
    });
  });

  it("reads nothing from pages that are not profiles", () => {
    expect(read("companyPage")).toBeNull();
    expect(read("feed")).toBeNull();
    expect(read("fullProfile", "https://www.linkedin.com/in/marta-quintela-4b2a/details/experience/")).toBeNull();
    expect(read("fullProfile", "https://www.linkedin.com/pub/dir/marta")).toBeNull();
    expect(read("fullProfile", "not an address")).toBeNull();
  });

  it("reads nothing from a profile address whose page names nobody", () => {
    expect(read("feed", "https://www.linkedin.com/in/someone/")).toBeNull();
  });

  it("does not take a position's place as its company's", () => {
    const doc = parsePage(fixturePages.severalPositions.html);
    doc.querySelector("address")?.remove();
    const place = doc.createElement("p");
    place.textContent = "Lisbon, Portugal";
    doc.querySelector("li li time")?.parentElement?.after(place);
    expect(readProfile(doc, fixturePages.severalPositions.url)?.experience[0]).toEqual({
      company: "Brightwell Logistics",
      jobs: [
        { title: "Operations Director", period: "Jan 2022 – Present" },
        { title: "Depot Manager", period: "Apr 2019 – Dec 2021" },
        { title: "Shift Lead" },
      ],
    });
  });

  it("takes the name from og:title when the page has no h1", () => {
    const doc = parsePage(fixturePages.markupOnly.html);
    doc.querySelector("h1")?.remove();
    expect(readProfile(doc, fixturePages.markupOnly.url)).toMatchObject({
      first_name: "Tomás Ferreira",
      last_name: "Lopes",
    });
  });
});

describe("readProfile on very long pages", () => {
  function longProfile(): Document {
    const doc = document.implementation.createHTMLDocument("Long");
    const card = doc.createElement("section");
    const name = doc.createElement("h1");
    name.textContent = `Maximiliana ${"Wolkenkratzer".repeat(60)}`;
    const headline = doc.createElement("h2");
    // An emoji straddles the limit: cutting it in half would leave a character Postgres refuses.
    headline.textContent = `${"x".repeat(PERSON_FIELD_MAX - 1)}😀 and more`;
    card.append(name, headline);
    const section = doc.createElement("section");
    const heading = doc.createElement("h2");
    heading.textContent = "Experience";
    const list = doc.createElement("ul");
    for (let index = 0; index < PERSON_LIST_MAX + 10; index += 1) {
      const item = doc.createElement("li");
      const title = doc.createElement("h3");
      title.textContent = `Role ${index} ${"y".repeat(PERSON_FIELD_MAX)}`;
      item.append(title);
      list.append(item);
    }
    section.append(heading, list);
    doc.body.append(card, section);
    return doc;
  }

  it("drops a photo address too long to keep whole rather than cutting it", () => {
    const doc = longProfile();
    const image = doc.createElement("meta");
    image.setAttribute("property", "og:image");
    image.setAttribute("content", `https://media.example.test/${"p".repeat(PERSON_FIELD_MAX)}.jpg`);
    doc.head.append(image);
    expect(readProfile(doc, "https://www.linkedin.com/in/maximiliana/")?.avatar_url).toBeNull();
  });

  it("cuts a company's positions and JSON-LD's lists to the contracts' limit", () => {
    const doc = document.implementation.createHTMLDocument("Many");
    const data = doc.createElement("script");
    data.type = "application/ld+json";
    const many = Array.from({ length: PERSON_LIST_MAX + 5 }, (_, index) => ({ name: `Org ${index}` }));
    data.textContent = JSON.stringify({ "@type": "Person", name: "Ines Many", worksFor: many, alumniOf: many });
    doc.head.append(data);
    expect(readProfile(doc, "https://www.linkedin.com/in/ines/")).toMatchObject({
      experience: expect.objectContaining({ length: PERSON_LIST_MAX }),
      education: expect.objectContaining({ length: PERSON_LIST_MAX }),
    });

    const section = doc.createElement("section");
    const heading = doc.createElement("h2");
    heading.textContent = "Experience";
    const list = doc.createElement("ul");
    const company = doc.createElement("li");
    const name = doc.createElement("h3");
    name.textContent = "Vastworks";
    const positions = doc.createElement("ul");
    for (let index = 0; index < PERSON_LIST_MAX + 5; index += 1) {
      const position = doc.createElement("li");
      const title = doc.createElement("h4");
      title.textContent = `Position ${index}`;
      position.append(title);
      positions.append(position);
    }
    company.append(name, positions);
    list.append(company);
    section.append(heading, list);
    doc.body.append(section);
    expect(readProfile(doc, "https://www.linkedin.com/in/ines/")?.experience[0]?.jobs).toHaveLength(PERSON_LIST_MAX);
  });

  it("cuts long values and lists to the contracts' limits rather than failing", () => {
    const reading = readProfile(longProfile(), "https://www.linkedin.com/in/maximiliana/");
    expect(reading?.first_name).toBe("Maximiliana");
    // The whole name is cut, then split: first and last name together fit the limit.
    expect(reading?.last_name).toBe("Wolkenkratzer".repeat(60).slice(0, PERSON_FIELD_MAX - "Maximiliana ".length));
    expect(reading?.headline).toBe("x".repeat(PERSON_FIELD_MAX - 1));
    expect(reading?.experience).toHaveLength(PERSON_LIST_MAX);
    expect(reading?.experience[0]?.title).toHaveLength(PERSON_FIELD_MAX);
    expect(reading?.title).toHaveLength(PERSON_FIELD_MAX);
  });
});
