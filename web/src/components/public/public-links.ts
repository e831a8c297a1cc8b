// Where the public site's menus and footers lead, per page (spec §1 and "Public footer and landing").
import {
  BLOG_URL,
  CAREERS_URL,
  HELLO_EMAIL,
  MICROBLOG_URL,
  PROFESSIONAL_NETWORK_URL,
  SCHEDULING_URL,
  SECURITY_EMAIL,
  SOCIAL_NETWORK_URL,
} from "./public-site-constants.ts";

/** Which public page a layout frames: its burger menu and footer differ. */
export type PublicPage = "home" | "services";

/** A route of this app (client-side navigation) or any other address (another site, a mail link). */
export interface PublicLink {
  label: string;
  href: string;
  kind: "route" | "address";
}

export type SocialIconName = "mail" | "professional-network" | "microblog" | "social-network";

export interface SocialLink extends PublicLink {
  icon: SocialIconName;
}

export interface FooterColumn {
  heading: string;
  links: readonly PublicLink[];
}

const mailTo = (address: string) => `mailto:${address}`;

const route = (label: string, href: string): PublicLink => ({ label, href, kind: "route" });
const address = (label: string, href: string): PublicLink => ({ label, href, kind: "address" });

const careers = address("Careers", CAREERS_URL);
const blog = address("Blog", BLOG_URL);
const privacyPolicy = route("Privacy Policy", "/privacy_policy");
const security = address("Security", mailTo(SECURITY_EMAIL));

/** The burger menu of narrow screens. Home visitors reach us by mail, services visitors book a call. */
export function burgerMenuEntries(page: PublicPage): readonly PublicLink[] {
  return [
    address("NEED HELP HIRING?", SCHEDULING_URL),
    route("GET STARTED NOW", "/sign_up"),
    route("LOGIN", "/sign_in"),
    address("CONNECT WITH US", page === "services" ? SCHEDULING_URL : mailTo(HELLO_EMAIL)),
  ];
}

/** The footer's text links, on every public page. */
export const footerLinks: readonly PublicLink[] = [careers, blog, privacyPolicy, security];

/** The footer's icon links, on every public page. */
export const socialLinks: readonly SocialLink[] = [
  { ...address("Email Hirestream", mailTo(HELLO_EMAIL)), icon: "mail" },
  { ...address("Hirestream on LinkedIn", PROFESSIONAL_NETWORK_URL), icon: "professional-network" },
  { ...address("Hirestream on X", MICROBLOG_URL), icon: "microblog" },
  { ...address("Hirestream on Facebook", SOCIAL_NETWORK_URL), icon: "social-network" },
];

/** Link columns only the services footer has. */
export function footerColumns(page: PublicPage): readonly FooterColumn[] {
  if (page !== "services") return [];
  return [
    { heading: "Company", links: [route("Home", "/"), careers, address("Contact", mailTo(HELLO_EMAIL))] },
    { heading: "Resources", links: [blog, route("Help Center", "/help_center")] },
    { heading: "Legal", links: [privacyPolicy, route("California Consumer Privacy Act", "/privacy_policy"), security] },
  ];
}
