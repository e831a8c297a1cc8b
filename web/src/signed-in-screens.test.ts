import { expect, test } from "vitest";
import {
  firstWorkspaceRedirectCode,
  notFoundPageCode,
  personDetailPageCode,
  projectDetailPageCode,
  projectsPageCode,
  signedInScreenCodeOf,
  talentPoolPageCode,
  workspaceHomePageCode,
  workspacePeoplePageCode,
} from "./signed-in-screens.ts";

test("a signed-in path's screen is the route table's first match, with both spellings of a project's path", () => {
  expect(signedInScreenCodeOf("/talent_pool")).toBe(talentPoolPageCode);
  expect(signedInScreenCodeOf("/workspaces/w1/people")).toBe(workspacePeoplePageCode);
  expect(signedInScreenCodeOf("/workspaces/w1/people/p1")).toBe(personDetailPageCode);
  expect(signedInScreenCodeOf("/workspaces/me/projects")).toBe(projectsPageCode);
  expect(signedInScreenCodeOf("/workspaces/w1/project/p1")).toBe(projectDetailPageCode);
  expect(signedInScreenCodeOf("/workspaces/w1/projects/p1")).toBe(projectDetailPageCode);
  expect(signedInScreenCodeOf("/workspaces/me/home")).toBe(firstWorkspaceRedirectCode);
  expect(signedInScreenCodeOf("/workspaces/w1/home")).toBe(workspaceHomePageCode);
});

test("a path no signed-in route takes opens the not-found page", () => {
  expect(signedInScreenCodeOf("/no_such_page")).toBe(notFoundPageCode);
  expect(signedInScreenCodeOf("/talent_pool/extra")).toBe(notFoundPageCode);
});
