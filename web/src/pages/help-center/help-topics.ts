// The Help Center's questions and answers, and the search that narrows them. Kept apart from the page
// so the wording can be checked against the specification and the search tested without a browser.

export type HelpSectionId = "getting-started" | "projects" | "people" | "sequences" | "teams" | "offline" | "account";

export interface HelpSection {
  readonly id: HelpSectionId;
  readonly title: string;
}

/** Where a topic points: a screen of the app, a screen inside a workspace, or a file to download. */
export type HelpLink =
  | { readonly label: string; readonly to: string }
  | { readonly label: string; readonly workspacePath: string }
  | { readonly label: string; readonly file: string };

export interface HelpTopic {
  readonly id: string;
  readonly section: HelpSectionId;
  readonly title: string;
  /** Paragraphs, shown and searched as they are. */
  readonly body: readonly string[];
  readonly links?: readonly HelpLink[];
}

export const helpSections: readonly HelpSection[] = [
  { id: "getting-started", title: "Getting started" },
  { id: "projects", title: "Projects and the pipeline" },
  { id: "people", title: "People" },
  { id: "sequences", title: "Sequences and email" },
  { id: "teams", title: "Teams and roles" },
  { id: "offline", title: "Working offline" },
  { id: "account", title: "Your account" },
];

export const helpTopics: readonly HelpTopic[] = [
  {
    id: "what-is-a-workspace",
    section: "getting-started",
    title: "What is a workspace?",
    body: [
      "A workspace is where a team keeps its recruiting work: projects, people, workflows, sequences and email integrations. You can belong to several workspaces, for example one per client or per department.",
      "To create one, choose New workspace at the top of the left navigation or on the Workspaces page, and give it a name.",
    ],
    links: [{ label: "Your workspaces", to: "/workspaces" }],
  },
  {
    id: "owned-and-guest-workspaces",
    section: "getting-started",
    title: "Workspaces you own and workspaces you are a guest in",
    body: [
      "The Workspaces page lists every workspace you belong to, with its description and number of projects. Workspaces you created are yours: you are their owner and can rename or remove them from the row menu.",
      "Workspaces someone else invited you to are marked Guest. You can work in them according to your role, and you can leave them from the row menu. Once you leave a workspace you lose access to its projects.",
    ],
    links: [{ label: "Your workspaces", to: "/workspaces" }],
  },
  {
    id: "visible-switch",
    section: "getting-started",
    title: "What does the Visible switch do?",
    body: [
      "Each workspace you own has a Visible switch on the Workspaces page. Turn it off to keep that workspace out of the left navigation; nothing in it is deleted, and you can turn it back on at any time. Only the owner can change it.",
    ],
    links: [{ label: "Your workspaces", to: "/workspaces" }],
  },
  {
    id: "talent-pool",
    section: "getting-started",
    title: "What is my Talent Pool?",
    body: [
      "Your Talent Pool is your own list of people. It belongs to you rather than to a workspace, so it follows you into every workspace you work in.",
      "People you save with the browser extension land in your pool automatically. From the pool you can add anyone to a project in any of your workspaces, owned or guest.",
    ],
    links: [
      { label: "Your Talent Pool", to: "/talent_pool" },
      { label: "Introduction to the Talent Pool", to: "/talent_pool_intro" },
    ],
  },
  {
    id: "finding-your-way",
    section: "getting-started",
    title: "Finding your way around",
    body: [
      "The left navigation lists your Talent Pool and each of your workspaces as a circle with its first two letters. Open a workspace to reach its Projects, People, Workflows, Sequences and Integrations. You can collapse the navigation to icons or expand it to show names. Collapsed, a click on a workspace's circle lists its pages beside the navigation, and the workspace you open keeps its pages as icons, named when you point at them.",
      "The top bar has a talent search box (Search for a talent...), the invitations bell and your avatar menu with Settings, Profile, the Chrome extension, the privacy notice and Logout.",
      "Hirestream is made for desktop screens. On a screen 800 pixels wide or narrower it shows a notice instead of the app.",
    ],
  },
  {
    id: "creating-a-project",
    section: "projects",
    title: "Creating a project",
    body: [
      "A project is one hiring need, such as a role you are filling. Give it a name, a short description (up to 100 characters), a priority (High, Medium or Low), a status (Active or Inactive), a start date, an optional deadline and a workflow.",
      "The Projects page of a workspace has two tabs: Current and Archived. The switch on each row moves a project between Active and Inactive.",
    ],
    links: [
      { label: "Your projects", to: "/workspaces/me/projects" },
      { label: "Introduction to projects", to: "/project_intro" },
    ],
  },
  {
    id: "workflows-and-stages",
    section: "projects",
    title: "How workflows and stages work",
    body: [
      "A workflow is a template of stages in order, for example Sourced, Contacted, Interview and Offer. It needs at least three stages; stage names can be up to 40 characters and the workflow name up to 50.",
      "When you give a project a workflow, the project gets its own copy, listed on the Assigned tab of the Workflows page, so changing it does not change the template. A project's workflow is chosen once.",
      "A stage can also start an email sequence and name a follow-up stage for candidates who respond.",
    ],
    links: [
      { label: "Workflows", workspacePath: "workflows" },
      { label: "Introduction to workflows", workspacePath: "workflow_intro" },
    ],
  },
  {
    id: "moving-candidates",
    section: "projects",
    title: "Moving candidates through the pipeline",
    body: [
      "In a project's People tab, each candidate's status is the stage they are in. Change it with the stage dropdown on their row, and use the stage chips above the table to see one stage at a time.",
      "If a sequence is running for that candidate in their current stage, Hirestream asks you to confirm first: moving them stops the sequence.",
    ],
  },
  {
    id: "candidate-responses",
    section: "projects",
    title: "Recording a candidate's response",
    body: [
      "Once a candidate has replied, record how it went: Interested, Not interested or Follow up.",
      "The workspace home shows, for each project, how many people were sourced and contacted, the replies, the interested, not interested and follow up counts, and the email open rate. You can export these figures as a CSV file for the whole workspace or for one project.",
    ],
  },
  {
    id: "archiving-projects",
    section: "projects",
    title: "Archiving a project",
    body: [
      "When a search is over, choose Archive from the project's row menu on the Current tab and confirm. After that nothing inside the project can be edited: you cannot add people or change stages, and the Message tab is hidden.",
      "Archived projects stay on the Archived tab, where Show opens a read-only view and Remove deletes the project.",
    ],
    links: [{ label: "Your projects", to: "/workspaces/me/projects" }],
  },
  {
    id: "adding-people",
    section: "people",
    title: "Adding people to a project",
    body: [
      "An empty project offers four ways in: pick people from the workspace's People list, pick them from your Talent Pool, import a CSV file, or save them with the browser extension. People saved with the extension are also added to the workspace and to your Talent Pool.",
    ],
    links: [
      { label: "Your Talent Pool", to: "/talent_pool" },
      { label: "Introduction to people", to: "/people_intro" },
    ],
  },
  {
    id: "csv-import",
    section: "people",
    title: "Importing people from a CSV file",
    body: [
      "Use Add People to upload a .csv file of at most 400 lines; a longer file is refused, so split it into smaller files. Inside a project you can also choose the stage the imported people start in.",
      "Two example files show the layout: one with every column Hirestream reads, one with only the required columns. When the import finishes you see how many people were new, already there, assigned, and how many had errors.",
    ],
    links: [
      { label: "Example with all fields (CSV)", file: "/people_import_example_all_fields.csv" },
      { label: "Example with required fields only (CSV)", file: "/people_import_example_mandatory_fields.csv" },
    ],
  },
  {
    id: "assigning-people",
    section: "people",
    title: "Assigning people to a project",
    body: [
      "On a workspace's People page, tick the people you want (the counter shows Selected and how many), choose Assign, pick the project and confirm.",
      "From your Talent Pool you first pick the workspace, then one of its projects. The Assign button stays disabled until both are chosen.",
    ],
    links: [{ label: "Your Talent Pool", to: "/talent_pool" }],
  },
  {
    id: "exporting-people",
    section: "people",
    title: "Exporting people to another project",
    body: [
      "Export People copies the people you selected into another project. Its Export button works once you have chosen a project and selected at least one person.",
    ],
  },
  {
    id: "searching-people",
    section: "people",
    title: "Finding and editing people",
    body: [
      "Type in the search box of a people list and press Enter. Lists show 10 rows by default; choose 20, 30, 40 or 50 per page if you prefer. The talent search in the top bar searches your Talent Pool and the people of your workspaces, and shows each candidate's projects with their stage and response.",
      "Choose Edit on a person's row to correct their details. A person's profile shows their contact details, experience, education and the projects they are in.",
    ],
  },
  {
    id: "what-is-a-sequence",
    section: "sequences",
    title: "What is a sequence?",
    body: [
      "A sequence is a multi-step email campaign. Each step is an email with a subject and a body, sent a set time after the previous one: by default the first step goes without delay and each later step one day after.",
      "Subjects and bodies can use variables in double braces, filled in for each candidate: {{first_name}}, {{last_name}}, {{title}}, {{company_name}}, {{project_title}} and {{workspace_title}}, plus variables of your own.",
      "Turn on review if messages must be approved before they are sent. Sequences and Integrations are greyed out in the left navigation when sequences are not enabled for your account.",
    ],
    links: [{ label: "Sequences", workspacePath: "sequences" }],
  },
  {
    id: "connecting-a-mailbox",
    section: "sequences",
    title: "Sending from your own Gmail or Microsoft 365 mailbox",
    body: [
      "Sequences are sent from your own mailbox, so candidates see your address and replies come back to you. Open Integrations in the workspace and sign in with Google or Microsoft to add a credential; it lets Hirestream send and read emails on your behalf.",
      "You can add email aliases to a credential, and Test checks that it still works. A credential in Error shows why, with a button to reconnect it.",
    ],
    links: [{ label: "Integrations", workspacePath: "integrations" }],
  },
  {
    id: "sending-schedule",
    section: "sequences",
    title: "When are sequence emails sent?",
    body: [
      "Each sequence has a time zone (Central Time unless you pick another) and each step a workday, 8am to 8pm by default. Emails wait for those hours in that time zone.",
      "Unless you allow it, nothing is sent at weekends or on public holidays of the region you choose (United States by default).",
    ],
  },
  {
    id: "starting-a-sequence",
    section: "sequences",
    title: "Starting a sequence for candidates",
    body: [
      "Attach the sequence to a stage of the project's workflow. In the project's Message tab, pick the stage: each candidate in it has their own message, where you fill in any missing variables, then choose Send (or Ready, when the sequence needs review).",
      "Each message shows where it stands: Pending, Draft, Ready, Sending, Paused, Failed, Bounced, Finished or Replied. Use Test to send the sequence only to your own address first.",
    ],
  },
  {
    id: "when-a-candidate-replies",
    section: "sequences",
    title: "What happens when a candidate replies?",
    body: [
      "The sequence stops for that candidate: they are marked Replied and get no further steps. Their reply shows in the Message tab and on their profile, and you can record their response as Interested, Not interested or Follow up.",
      "If the stage names a follow-up stage, the candidate moves there when they respond.",
    ],
  },
  {
    id: "workspace-roles",
    section: "teams",
    title: "Workspace roles",
    body: [
      "The owner created the workspace and has full control. A manager adds and removes users, manages integrations, sequences, workflows and projects, and sees every project. A collaborator creates sequences, workflows and projects, and sees the projects they are invited to. A viewer cannot change anything.",
      "Avatars show your role as a badge: O for owner, M for manager, C for collaborator, and ... for someone whose invitation is still waiting.",
    ],
  },
  {
    id: "project-roles",
    section: "teams",
    title: "Sharing a project with teammates",
    body: [
      "A project's Access tab lists its members, their role and last activity, and the invitations still pending. Project owners and managers, and workspace managers, can add people by email with a project role: Owner, Manager or Collaborator. Someone who is not yet a member of the workspace also needs a workspace role: Manager, Collaborator or Viewer.",
      "A project's only owner cannot be removed or given another role.",
    ],
  },
  {
    id: "invitations",
    section: "teams",
    title: "Accepting an invitation",
    body: [
      "When someone invites you to a workspace or a project, the bell in the top bar shows how many invitations are waiting. Open it to accept or reject each one.",
    ],
  },
  {
    id: "offline-copy",
    section: "offline",
    title: "Can I keep working without a connection?",
    body: [
      "Yes. Hirestream keeps a copy of your data in this browser, so you can go on reading and making changes when the connection drops. The top bar then shows Offline.",
    ],
  },
  {
    id: "pending-changes",
    section: "offline",
    title: "What happens to changes made offline?",
    body: [
      "They are kept in this browser and marked Pending, and the top bar counts the changes waiting to be saved. They are sent as soon as the connection returns.",
    ],
  },
  {
    id: "signing-out-offline",
    section: "offline",
    title: "What happens to this copy when I sign out?",
    body: [
      "Signing out removes the copy of your data from this device, which is what you want on a shared computer. If some changes have not reached the server yet, Hirestream warns you first: signing out anyway deletes them.",
    ],
  },
  {
    id: "name-and-colour",
    section: "account",
    title: "Changing your name and avatar colour",
    body: [
      "Open Settings from your avatar menu. Your avatar shows your initials in the colour you pick: blue, yellow, violet, red, green or pink.",
    ],
    links: [{ label: "Account Settings", to: "/account_settings" }],
  },
  {
    id: "password",
    section: "account",
    title: "Changing or resetting your password",
    body: [
      "Change your password in Account Settings. If you have forgotten it, choose Forgot Password on the sign-in page and follow the link sent to your email. You can also sign in with Google or Microsoft.",
    ],
    links: [{ label: "Account Settings", to: "/account_settings" }],
  },
  {
    id: "other-devices",
    section: "account",
    title: "Signing out of other devices",
    body: [
      "Lost a laptop or used a shared computer? In Account Settings, Sign out other devices ends every other session at once. This browser stays signed in.",
    ],
    links: [{ label: "Account Settings", to: "/account_settings" }],
  },
];

/** The words of a query, lower-cased; blanks between words do not count. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The topics whose title or body holds every word of the query, in order; all of them for a blank query. */
export function filterHelpTopics(topics: readonly HelpTopic[], query: string): HelpTopic[] {
  const words = queryWords(query);
  return topics.filter((topic) => {
    const text = [topic.title, ...topic.body].join("\n").toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
