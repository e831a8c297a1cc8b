import { describe, expect, it } from "vitest";
import { filterHelpTopics, type HelpTopic, helpSections, helpTopics, queryWords } from "./help-topics.ts";

const topics: readonly HelpTopic[] = [
  { id: "import", section: "people", title: "Importing a CSV file", body: ["At most 400 lines."] },
  { id: "offline", section: "offline", title: "Working offline", body: ["Changes are marked Pending."] },
  { id: "reply", section: "sequences", title: "When a candidate replies", body: ["The sequence stops."] },
];
const ids = (found: readonly HelpTopic[]) => found.map((topic) => topic.id);

describe("filterHelpTopics", () => {
  it("returns every topic, in order, for an empty or blank query", () => {
    expect(ids(filterHelpTopics(topics, ""))).toEqual(["import", "offline", "reply"]);
    expect(ids(filterHelpTopics(topics, "   \t "))).toEqual(["import", "offline", "reply"]);
  });

  it("matches words in the title or the body, whatever their case", () => {
    expect(ids(filterHelpTopics(topics, "csv"))).toEqual(["import"]);
    expect(ids(filterHelpTopics(topics, "PENDING"))).toEqual(["offline"]);
    expect(ids(filterHelpTopics(topics, "Sequence"))).toEqual(["reply"]);
  });

  it("needs every word of the query, wherever each one is", () => {
    expect(ids(filterHelpTopics(topics, "csv 400"))).toEqual(["import"]);
    expect(ids(filterHelpTopics(topics, "  offline   pending "))).toEqual(["offline"]);
    expect(ids(filterHelpTopics(topics, "csv pending"))).toEqual([]);
  });

  it("matches parts of words", () => {
    expect(ids(filterHelpTopics(topics, "import"))).toEqual(["import"]);
    expect(ids(filterHelpTopics(topics, "repl"))).toEqual(["reply"]);
  });

  it("finds nothing when no topic holds the words", () => {
    expect(filterHelpTopics(topics, "payroll")).toEqual([]);
  });
});

describe("queryWords", () => {
  it("lower-cases and drops the blanks between words", () => {
    expect(queryWords("  Talent   POOL ")).toEqual(["talent", "pool"]);
    expect(queryWords("")).toEqual([]);
  });
});

describe("the Help Center's own topics", () => {
  it("have unique ids, each in a known section, and every section has topics", () => {
    const topicIds = helpTopics.map((topic) => topic.id);
    expect(new Set(topicIds).size).toBe(topicIds.length);
    const sectionIds = helpSections.map((section) => section.id);
    for (const topic of helpTopics) expect(sectionIds).toContain(topic.section);
    for (const id of sectionIds) expect(helpTopics.some((topic) => topic.section === id)).toBe(true);
  });

  it("answer the questions recruiters search for", () => {
    expect(ids(filterHelpTopics(helpTopics, "csv 400"))).toContain("csv-import");
    expect(ids(filterHelpTopics(helpTopics, "visible switch"))).toContain("visible-switch");
    expect(ids(filterHelpTopics(helpTopics, "holidays"))).toContain("sending-schedule");
    expect(ids(filterHelpTopics(helpTopics, "Replied"))).toContain("when-a-candidate-replies");
    expect(filterHelpTopics(helpTopics, "xyzzy")).toEqual([]);
  });
});
