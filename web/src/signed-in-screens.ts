// The code of every signed-in screen, and the screen each signed-in path opens: the route table
// renders them (routes.tsx), and the page's first module asks for the one a signed-in load opens
// while the app's own code loads (entry.ts). Imports nothing but on demand, so the first module stays small.
import { screenCode } from "./screen-code.ts";

export const appLayoutCode = screenCode(() => import("./components/app-layout.tsx").then((m) => m.AppLayout));
export const signOutPageCode = screenCode(() =>
  import("./pages/sign-out/sign-out-page.tsx").then((m) => m.SignOutPage),
);
export const privacyPolicyPageCode = screenCode(() =>
  import("./pages/privacy-policy/privacy-policy-page.tsx").then((m) => m.PrivacyPolicyPage),
);
export const workspacesPageCode = screenCode(() =>
  import("./pages/workspaces/workspaces-page.tsx").then((m) => m.WorkspacesPage),
);
export const accountSettingsPageCode = screenCode(() =>
  import("./pages/account-settings/account-settings-page.tsx").then((m) => m.AccountSettingsPage),
);
export const helpCenterPageCode = screenCode(() =>
  import("./pages/help-center/help-center-page.tsx").then((m) => m.HelpCenterPage),
);
export const chromeExtensionPageCode = screenCode(() =>
  import("./pages/chrome-extension/chrome-extension-page.tsx").then((m) => m.ChromeExtensionPage),
);
export const talentPoolIntroPageCode = screenCode(() =>
  import("./pages/intro/talent-pool-intro-page.tsx").then((m) => m.TalentPoolIntroPage),
);
export const peopleIntroPageCode = screenCode(() =>
  import("./pages/intro/people-intro-page.tsx").then((m) => m.PeopleIntroPage),
);
export const projectIntroPageCode = screenCode(() =>
  import("./pages/intro/project-intro-page.tsx").then((m) => m.ProjectIntroPage),
);
export const workflowIntroPageCode = screenCode(() =>
  import("./pages/intro/workflow-intro-page.tsx").then((m) => m.WorkflowIntroPage),
);
export const profileRouteCode = screenCode(() =>
  import("./pages/person/profile-route.tsx").then((m) => m.ProfileRoute),
);
export const talentPoolPageCode = screenCode(() =>
  import("./pages/talent-pool/talent-pool-page.tsx").then((m) => m.TalentPoolPage),
);
export const talentSearchPageCode = screenCode(() =>
  import("./pages/talent-search/talent-search-page.tsx").then((m) => m.TalentSearchPage),
);
export const workspacePeoplePageCode = screenCode(() =>
  import("./pages/people/workspace-people-page.tsx").then((m) => m.WorkspacePeoplePage),
);
export const personDetailPageCode = screenCode(() =>
  import("./pages/person/person-detail-page.tsx").then((m) => m.PersonDetailPage),
);
export const firstWorkspaceRedirectCode = screenCode(() =>
  import("./pages/workspace-redirect/first-workspace-redirect.tsx").then((m) => m.FirstWorkspaceRedirect),
);
export const workspaceHomePageCode = screenCode(() =>
  import("./pages/workspace-home/workspace-home-page.tsx").then((m) => m.WorkspaceHomePage),
);
export const workflowsPageCode = screenCode(() =>
  import("./pages/workflows/workflows-page.tsx").then((m) => m.WorkflowsPage),
);
export const sequencesPageCode = screenCode(() =>
  import("./pages/sequences/sequences-page.tsx").then((m) => m.SequencesPage),
);
export const integrationsPageCode = screenCode(() =>
  import("./pages/integrations/integrations-page.tsx").then((m) => m.IntegrationsPage),
);
export const reportsPageCode = screenCode(() => import("./pages/reports/reports-page.tsx").then((m) => m.ReportsPage));
export const localMailboxPageCode = screenCode(() =>
  import("./pages/local-mailbox/local-mailbox-page.tsx").then((m) => m.LocalMailboxPage),
);
export const projectsPageCode = screenCode(() =>
  import("./pages/projects/projects-page.tsx").then((m) => m.ProjectsPage),
);
export const projectDetailPageCode = screenCode(() =>
  import("./pages/project/project-detail-page.tsx").then((m) => m.ProjectDetailPage),
);
export const notFoundPageCode = screenCode(() =>
  import("./pages/not-found/not-found-page.tsx").then((m) => m.NotFoundPage),
);

/** The screen each signed-in path opens, in the route table's order: the first match wins, as in a Switch. */
const signedInPaths: readonly [pattern: RegExp, code: () => Promise<unknown>][] = [
  [/^\/sign_out$/, signOutPageCode],
  [/^\/privacy_policy$/, privacyPolicyPageCode],
  [/^\/workspaces$/, workspacesPageCode],
  [/^\/account_settings$/, accountSettingsPageCode],
  [/^\/help_center$/, helpCenterPageCode],
  [/^\/chrome_extension$/, chromeExtensionPageCode],
  [/^\/talent_pool_intro$/, talentPoolIntroPageCode],
  [/^\/people_intro$/, peopleIntroPageCode],
  [/^\/project_intro$/, projectIntroPageCode],
  [/^\/workspaces\/[^/]+\/workflow_intro$/, workflowIntroPageCode],
  [/^\/profile(\/[^/]+)?$/, profileRouteCode],
  [/^\/talent_pool$/, talentPoolPageCode],
  [/^\/talent_search$/, talentSearchPageCode],
  [/^\/workspaces\/[^/]+\/people$/, workspacePeoplePageCode],
  [/^\/workspaces\/[^/]+\/(people|profile)\/[^/]+$/, personDetailPageCode],
  [/^\/workspaces\/me\/home$/, firstWorkspaceRedirectCode],
  [/^\/workspaces\/[^/]+\/home$/, workspaceHomePageCode],
  [/^\/workspaces\/[^/]+\/workflows$/, workflowsPageCode],
  [/^\/workspaces\/[^/]+\/sequences$/, sequencesPageCode],
  [/^\/workspaces\/[^/]+\/integrations$/, integrationsPageCode],
  [/^\/workspaces\/[^/]+\/reports$/, reportsPageCode],
  [/^\/workspaces\/[^/]+\/local_mailbox$/, localMailboxPageCode],
  [/^\/workspaces\/[^/]+\/projects$/, projectsPageCode],
  [/^\/workspaces\/[^/]+\/projects?\/[^/]+$/, projectDetailPageCode],
];

/** The code of the screen a signed-in load of `path` opens: the not-found page for a path of none. */
export function signedInScreenCodeOf(path: string): () => Promise<unknown> {
  return signedInPaths.find(([pattern]) => pattern.test(path))?.[1] ?? notFoundPageCode;
}
