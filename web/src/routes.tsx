// The route table (spec §2). Three tables: signed out; signed in on a desktop; signed in on a
// screen of 800 px or less, where only / and /mobile_warning exist.
import { Container } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Redirect, Route, Switch } from "wouter";
import { readCredentials } from "./api/session-credentials.ts";
import { AppLayout } from "./components/app-layout.tsx";
import { LoadingScreen } from "./components/loading-screen.tsx";
import { PublicLayout } from "./components/public-layout.tsx";
import { useIsMobile } from "./hooks/use-is-mobile.ts";
import { useSessionBootstrap } from "./hooks/use-session-bootstrap.ts";
import { AccountSettingsPage } from "./pages/account-settings/account-settings-page.tsx";
import { AuthCallbackPage } from "./pages/auth-callback/auth-callback-page.tsx";
import { HelpCenterPage } from "./pages/help-center/help-center-page.tsx";
import { IntegrationsPage } from "./pages/integrations/integrations-page.tsx";
import { PeopleIntroPage } from "./pages/intro/people-intro-page.tsx";
import { ProjectIntroPage } from "./pages/intro/project-intro-page.tsx";
import { TalentPoolIntroPage } from "./pages/intro/talent-pool-intro-page.tsx";
import { WorkflowIntroPage } from "./pages/intro/workflow-intro-page.tsx";
import { LandingPage } from "./pages/landing/landing-page.tsx";
import { LocalMailboxPage } from "./pages/local-mailbox/local-mailbox-page.tsx";
import { MobileWarningPage } from "./pages/mobile-warning/mobile-warning-page.tsx";
import { NotFoundPage } from "./pages/not-found/not-found-page.tsx";
import { WorkspacePeoplePage } from "./pages/people/workspace-people-page.tsx";
import { PersonDetailPage } from "./pages/person/person-detail-page.tsx";
import { ProfileRoute } from "./pages/person/profile-route.tsx";
import { PlaceholderPage } from "./pages/placeholder/placeholder-page.tsx";
import { PrivacyPolicyPage } from "./pages/privacy-policy/privacy-policy-page.tsx";
import { ProjectDetailPage } from "./pages/project/project-detail-page.tsx";
import { ProjectsPage } from "./pages/projects/projects-page.tsx";
import { ResetPasswordPage } from "./pages/reset-password/reset-password-page.tsx";
import { SequencesPage } from "./pages/sequences/sequences-page.tsx";
import { ServicesPage } from "./pages/services/services-page.tsx";
import { SignInPage } from "./pages/sign-in/sign-in-page.tsx";
import { SignOutPage } from "./pages/sign-out/sign-out-page.tsx";
import { SignUpPage } from "./pages/sign-up/sign-up-page.tsx";
import { TalentPoolPage } from "./pages/talent-pool/talent-pool-page.tsx";
import { TalentSearchPage } from "./pages/talent-search/talent-search-page.tsx";
import { UpdatePasswordPage } from "./pages/update-password/update-password-page.tsx";
import { WorkflowsPage } from "./pages/workflows/workflows-page.tsx";
import { WorkspaceHomePage } from "./pages/workspace-home/workspace-home-page.tsx";
import { FirstWorkspaceRedirect } from "./pages/workspace-redirect/first-workspace-redirect.tsx";
import { WorkspacesPage } from "./pages/workspaces/workspaces-page.tsx";
import { ReplicaProvider } from "./replica/replica-provider.tsx";
import { auth } from "./state/auth-state.ts";

/** Signed-in screens not built yet, by path, with the area name their placeholder shows. */
export const signedInAreas: readonly { path: string; area: string }[] = [];

function SignedOutRoutes({ isMobile }: { isMobile: boolean }) {
  return (
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
  );
}

function SignedInMobileRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/mobile_warning" component={MobileWarningPage} />
      <Route>
        <Redirect to="/mobile_warning" replace />
      </Route>
    </Switch>
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
          <Switch>
            <Route path="/sign_out" component={SignOutPage} />
            <Route path="/privacy_policy" component={PrivacyPolicyPage} />
            <Route path="/workspaces" component={WorkspacesPage} />
            <Route path="/account_settings" component={AccountSettingsPage} />
            <Route path="/help_center" component={HelpCenterPage} />
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
            <Route path="/workspaces/:id/local_mailbox">
              {(params) => <LocalMailboxPage key={params.id} workspaceId={params.id} />}
            </Route>
            <Route path="/workspaces/:id/projects">
              {(params) => <ProjectsPage key={params.id} workspaceId={params.id} />}
            </Route>
            <Route path="/workspaces/:workspaceId/project/:id">
              {(params) => <ProjectDetailPage key={params.id} workspaceId={params.workspaceId} projectId={params.id} />}
            </Route>
            <Route path="/workspaces/:workspaceId/projects/:id">
              {(params) => <ProjectDetailPage key={params.id} workspaceId={params.workspaceId} projectId={params.id} />}
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
  if (!uid) return <SignedOutRoutes isMobile={isMobile} />;
  if (signingOut) return <LoadingScreen label="Signing out" message="Signing out..." fullHeight />;
  return <ReplicaProvider uid={uid}>{isMobile ? <SignedInMobileRoutes /> : <SignedInRoutes />}</ReplicaProvider>;
}
