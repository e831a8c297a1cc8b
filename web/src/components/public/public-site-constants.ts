// Constants of the public marketing site (spec §1, "Public footer and landing", §9).

/** The external page where a visitor books a call with our recruiting team. */
export const SCHEDULING_URL = "https://calendly.com/hirestream/intro";

export const HELLO_EMAIL = "hello@hirestream.app";
export const SUPPORT_EMAIL = "support@hirestream.app";
export const SECURITY_EMAIL = "security@hirestream.app";

export const CAREERS_URL = "https://careers.hirestream.app";
export const BLOG_URL = "https://blog.hirestream.app";
export const PROFESSIONAL_NETWORK_URL = "https://www.linkedin.com/company/hirestream";
export const MICROBLOG_URL = "https://x.com/hirestream";
export const SOCIAL_NETWORK_URL = "https://www.facebook.com/hirestream";
export const GOOGLE_USER_DATA_POLICY_URL = "https://developers.google.com/terms/api-services-user-data-policy";

export const COPYRIGHT_YEAR = 2024;

/** The landing page changes its layout at these widths (spec §9), in CSS pixels. */
export const LANDING_MEDIUM_MIN_PX = 660;
export const LANDING_WIDE_MIN_PX = 1260;

/** Testimonial carousel (spec §9): three cards of this width, moving on by themselves this often. */
export const TESTIMONIAL_COUNT = 3;
export const TESTIMONIAL_CARD_WIDTH_PX = 650;
export const TESTIMONIAL_AUTO_ADVANCE_MS = 7000;

/** Figures of the privacy notice for California residents (spec §9). */
export const PRIVACY_MIN_AGE = 16;
export const PRIVACY_RESPONSE_DAYS = 45;
export const PRIVACY_EXTENDED_RESPONSE_DAYS = 90;
export const PRIVACY_FREE_ACCESS_REQUESTS = 2;
export const PRIVACY_PERIOD_MONTHS = 12;
