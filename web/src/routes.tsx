// The route table (spec §2). Three tables: signed out; signed in on a desktop; signed in on a
// screen of 800 px or less, where only / and /mobile_warning exist.
import { Container } from "@mantine/core";
import { type ReactNode, Suspense, useEffect } from "react";
import { useSnapshot } from "valtio";
import { Redirect, Route, Switch } from "wouter";
import { readCredentials } from "./api/session-credentials.ts";
import { LoadingScreen } from "./components/loading-screen.tsx";
import { AFTER_SIGN_IN_PATH, MOBILE_MEDIA_QUERY } from "./constants.ts";
import { useIsMobile } from "./hooks/use-is-mobile.ts";
import { useSessionBootstrap } from "./hooks/use-session-bootstrap.ts";
import { screen } from "./lazy-screen.ts";
import {
  accountSettingsPageCode,
  appLayoutCode,
  chromeExtensionPageCode,
  firstWorkspaceRedirectCode,
  helpCenterPageCode,
  integrationsPageCode,
  localMailboxPageCode,
  notFoundPageCode,
  peopleIntroPageCode,
  personDetailPageCode,
  privacyPolicyPageCode,
  profileRouteCode,
  projectDetailPageCode,
  projectIntroPageCode,
  projectsPageCode,
  reportsPageCode,
  sequencesPageCode,
  signedInScreenCodeOf,
  signOutPageCode,
  talentPoolIntroPageCode,
  talentPoolPageCode,
  talentSearchPageCode,
  workflowIntroPageCode,
  workflowsPageCode,
  workspaceHomePageCode,
  workspacePeoplePageCode,
  workspacesPageCode,
} from "./signed-in-screens.ts";
import { auth } from "./state/auth-state.ts";

// Every screen is its own chunk, loaded when its route first renders, so a page downloads only
// the code it shows: the public pages never load the replica (Dexie) or the signed-in frame, and
// a list screen never loads the editor or the pipeline. The service worker precaches every chunk,
// so each still opens offline.
const loadReplicaProvider = () => import("./replica/replica-provider.tsx");
const ReplicaProvider = screen(() => loadReplicaProvider().then((m) => m.ReplicaProvider));
const AppLayout = screen(appLayoutCode);
// The public site's frame comes with the public pages that show it, never with a signed-in load.
const PublicLayout = screen(() => import("./components/public-layout.tsx").then((m) => m.PublicLayout));

const AccountSettingsPage = screen(accountSettingsPageCode);
const AuthCallbackPage = screen(() =>
  import("./pages/auth-callback/auth-callback-page.tsx").then((m) => m.AuthCallbackPage),
);
const ChromeExtensionPage = screen(chromeExtensionPageCode);
const HelpCenterPage = screen(helpCenterPageCode);
const IntegrationsPage = screen(integrationsPageCode);
const PeopleIntroPage = screen(peopleIntroPageCode);
const ProjectIntroPage = screen(projectIntroPageCode);
const TalentPoolIntroPage = screen(talentPoolIntroPageCode);
const WorkflowIntroPage = screen(workflowIntroPageCode);
const LandingPage = screen(() => import("./pages/landing/landing-page.tsx").then((m) => m.LandingPage));
const LocalMailboxPage = screen(localMailboxPageCode);
const MobileWarningPage = screen(() =>
  import("./pages/mobile-warning/mobile-warning-page.tsx").then((m) => m.MobileWarningPage),
);
const NotFoundPage = screen(notFoundPageCode);
const WorkspacePeoplePage = screen(workspacePeoplePageCode);
const PersonDetailPage = screen(personDetailPageCode);
const ProfileRoute = screen(profileRouteCode);
const PlaceholderPage = screen(() => import("./pages/placeholder/placeholder-page.tsx").then((m) => m.PlaceholderPage));
const PrivacyPolicyPage = screen(privacyPolicyPageCode);
const ProjectDetailPage = screen(projectDetailPageCode);
const ProjectsPage = screen(projectsPageCode);
const ReportsPage = screen(reportsPageCode);
const ResetPasswordPage = screen(() =>
  import("./pages/reset-password/reset-password-page.tsx").then((m) => m.ResetPasswordPage),
);
const SequencesPage = screen(sequencesPageCode);
const ServicesPage = screen(() => import("./pages/services/services-page.tsx").then((m) => m.ServicesPage));
const SignInPage = screen(() => import("./pages/sign-in/sign-in-page.tsx").then((m) => m.SignInPage));
const SignOutPage = screen(signOutPageCode);
const SignUpPage = screen(() => import("./pages/sign-up/sign-up-page.tsx").then((m) => m.SignUpPage));
const TalentPoolPage = screen(talentPoolPageCode);
const TalentSearchPage = screen(talentSearchPageCode);
const UpdatePasswordPage = screen(() =>
  import("./pages/update-password/update-password-page.tsx").then((m) => m.UpdatePasswordPage),
);
const WorkflowsPage = screen(workflowsPageCode);
const WorkspaceHomePage = screen(workspaceHomePageCode);
const FirstWorkspaceRedirect = screen(firstWorkspaceRedirectCode);
const WorkspacesPage = screen(workspacesPageCode);

/** Any screen, whatever its props: the table below only preloads them. */
type Preloadable = { preload: () => Promise<unknown> };

/** Signed out, the privacy notice shows inside the public site's frame. */
const PublicPrivacyPolicy: Preloadable = {
  preload: () => Promise.all([PrivacyPolicyPage.preload(), PublicLayout.preload()]),
};
/**
 * The screen each signed-out path opens, in the route table's order (the first match wins, as in a
 * Switch), for fetching its code before the first render; the signed-in ones are in signed-in-screens.ts.
 */
const signedOutScreens: readonly [pattern: RegExp, screen: Preloadable][] = [
  [/^\/$/, LandingPage],
  [/^\/services$/, ServicesPage],
  [/^\/privacy_policy$/, PublicPrivacyPolicy],
  [/^\/sign_in$/, SignInPage],
  [/^\/sign_up$/, SignUpPage],
  [/^\/reset_password$/, ResetPasswordPage],
  [/^\/update_password$/, UpdatePasswordPage],
  [/^\/auth\/[^/]+$/, AuthCallbackPage],
];

function signedOutScreenOf(path: string): Preloadable | undefined {
  return signedOutScreens.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * Fetches the code the first render of `path` needs (the frame and the replica too when signed
 * in), so that render shows the screen rather than a spinner followed by React's hold-back.
 */
export function preloadScreensOf(path: string, signedIn: boolean): Promise<unknown> {
  const isMobile = window.matchMedia(MOBILE_MEDIA_QUERY).matches;
  if (!signedIn || isMobile) return signedOutScreenOf(path)?.preload() ?? Promise.resolve();
  return Promise.all([ReplicaProvider.preload(), AppLayout.preload(), signedInScreenCodeOf(path)()]);
}

/**
 * A signed-in page load: the replica starts opening before the first render (replica-provider.tsx).
 * Settles once it is open, or failed to, and a list screen's first read has answered (firstReadAnswered).
 */
export function prepareReplicaOf(uid: string): Promise<unknown> {
  return loadReplicaProvider().then((module) => module.prepareReplica(uid).then(() => module.firstReadAnswered()));
}

/**
 * On the way to signing in: once the user starts on the form (or lands back from a provider), the first signed-in screen's code
 * is fetched while they type and while the server checks the password (not on a mere visit,
 * which keeps the public pages light).
 */
function usePreloadAfterSignIn(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) return;
    const events = ["focusin", "input", "submit"] as const;
    const preload = () => {
      if (!/^\/(sign_in|sign_up|auth\/[^/]+)$/.test(window.location.pathname)) return;
      for (const type of events) document.removeEventListener(type, preload, true);
      void preloadScreensOf(AFTER_SIGN_IN_PATH, true);
    };
    for (const type of events) document.addEventListener(type, preload, true);
    // A provider's sign-in lands here with nothing to type: it signs in at once.
    if (window.location.pathname.startsWith("/auth/")) preload();
    return () => {
      for (const type of events) document.removeEventListener(type, preload, true);
    };
  }, [signedIn]);
}

/** While a screen's chunk loads: a spinner, inside the signed-in frame when there is one. */
function ScreenSuspense({ children, fullHeight = false }: { children: ReactNode; fullHeight?: boolean }) {
  return <Suspense fallback={<LoadingScreen label="Loading" fullHeight={fullHeight} />}>{children}</Suspense>;
}

/** Signed-in screens not built yet, by path, with the area name their placeholder shows. */
export const signedInAreas: readonly { path: string; area: string }[] = [];

function SignedOutRoutes({ isMobile }: { isMobile: boolean }) {
  return (
    <ScreenSuspense fullHeight>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/services" component={ServicesPage} />
        <Route path="/privacy_policy">
          <PublicLayout>
            <Container size="md" py="xl">
              <PrivacyPolicyPage />
            </Container>
          </PublicLayout>
        </Route>
        <Route path="/sign_in" component={SignInPage} />
        <Route path="/sign_up" component={SignUpPage} />
        <Route path="/reset_password" component={ResetPasswordPage} />
        <Route path="/update_password" component={UpdatePasswordPage} />
        <Route path="/auth/:provider" component={AuthCallbackPage} />
        {isMobile && <Route path="/mobile_warning" component={MobileWarningPage} />}
        <Route>
          <Redirect to="/sign_in" replace />
        </Route>
      </Switch>
    </ScreenSuspense>
  );
}

function SignedInMobileRoutes() {
  return (
    <ScreenSuspense fullHeight>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/mobile_warning" component={MobileWarningPage} />
        <Route>
          <Redirect to="/mobile_warning" replace />
        </Route>
      </Switch>
    </ScreenSuspense>
  );
}

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/talent_pool" replace />
      </Route>
      {["/sign_in", "/sign_up", "/auth/:provider", "/mobile_warning"].map((path) => (
        <Route key={path} path={path}>
          <Redirect to="/" replace />
        </Route>
      ))}
      <Route>
        <AppLayout>
          <ScreenSuspense>
            <Switch>
              <Route path="/sign_out" component={SignOutPage} />
              <Route path="/privacy_policy" component={PrivacyPolicyPage} />
              <Route path="/workspaces" component={WorkspacesPage} />
              <Route path="/account_settings" component={AccountSettingsPage} />
              <Route path="/help_center" component={HelpCenterPage} />
              <Route path="/chrome_extension" component={ChromeExtensionPage} />
              <Route path="/talent_pool_intro" component={TalentPoolIntroPage} />
              <Route path="/people_intro" component={PeopleIntroPage} />
              <Route path="/project_intro" component={ProjectIntroPage} />
              <Route path="/workspaces/:id/workflow_intro">
                {(params) => <WorkflowIntroPage workspaceId={params.id} />}
              </Route>
              <Route path="/profile/:id?">{(params) => <ProfileRoute key={params.id} id={params.id} />}</Route>
              <Route path="/talent_pool" component={TalentPoolPage} />
              <Route path="/talent_search" component={TalentSearchPage} />
              <Route path="/workspaces/:id/people">
                {(params) => <WorkspacePeoplePage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/people/:personId">
                {(params) => (
                  <PersonDetailPage key={params.personId} personId={params.personId} workspaceId={params.id} />
                )}
              </Route>
              <Route path="/workspaces/:workspaceId/profile/:id">
                {(params) => <PersonDetailPage key={params.id} personId={params.id} workspaceId={params.workspaceId} />}
              </Route>
              <Route path="/workspaces/me/home" component={FirstWorkspaceRedirect} />
              <Route path="/workspaces/:id/home">
                {(params) => <WorkspaceHomePage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/workflows">
                {(params) => <WorkflowsPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/sequences">
                {(params) => <SequencesPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/integrations">
                {(params) => <IntegrationsPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/reports">
                {(params) => <ReportsPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/local_mailbox">
                {(params) => <LocalMailboxPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:id/projects">
                {(params) => <ProjectsPage key={params.id} workspaceId={params.id} />}
              </Route>
              <Route path="/workspaces/:workspaceId/project/:id">
                {(params) => (
                  <ProjectDetailPage key={params.id} workspaceId={params.workspaceId} projectId={params.id} />
                )}
              </Route>
              <Route path="/workspaces/:workspaceId/projects/:id">
                {(params) => (
                  <ProjectDetailPage key={params.id} workspaceId={params.workspaceId} projectId={params.id} />
                )}
              </Route>
              <Route path="/workspaces/:id">
                {(params) => <Redirect to={`/workspaces/${params.id}/home`} replace />}
              </Route>
              {signedInAreas.map(({ path, area }) => (
                <Route key={path} path={path}>
                  <PlaceholderPage area={area} />
                </Route>
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </ScreenSuspense>
        </AppLayout>
      </Route>
    </Switch>
  );
}

export function AppRoutes() {
  useSessionBootstrap();
  // In sync, so a sign-in's navigation and its session land in the same render.
  const { hasSession, signingOut } = useSnapshot(auth, { sync: true });
  const isMobile = useIsMobile();
  const uid = hasSession ? readCredentials()?.uid : undefined;
  usePreloadAfterSignIn(uid !== undefined);
  if (!uid) return <SignedOutRoutes isMobile={isMobile} />;
  if (signingOut) return <LoadingScreen label="Signing out" message="Signing out..." fullHeight />;
  // The frame's and the screen's code load while the replica opens, rather than after it (a
  // no-op when main.tsx already fetched them; a failed preload is only a lost head start).
  if (!isMobile) preloadScreensOf(window.location.pathname, true).catch(() => undefined);
  return (
    <Suspense fallback={<LoadingScreen label="Opening your data" fullHeight />}>
      <ReplicaProvider uid={uid}>{isMobile ? <SignedInMobileRoutes /> : <SignedInRoutes />}</ReplicaProvider>
    </Suspense>
  );
}
