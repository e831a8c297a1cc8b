import { Stack, Text } from "@mantine/core";
import { PageHeading } from "../../components/page-section.tsx";
import { PRIVACY_MIN_AGE } from "../../components/public/public-site-constants.ts";
import { PrivacyPurposesSection } from "./privacy-purposes-section.tsx";
import { PrivacyRequestsSection } from "./privacy-requests-section.tsx";
import { PrivacyRoleSection } from "./privacy-role-section.tsx";

/**
 * The privacy notice for California residents (spec §2, "Privacy notice"). No layout of its own:
 * signed-out visitors see it in the public frame, signed-in users in the app's.
 */
export function PrivacyPolicyPage() {
  return (
    <Stack gap="xl" maw={760}>
      <PageHeading title="Privacy Notice for California Residents">
        <Text size="sm" c="dimmed">
          Effective date: January 1, 2020 · Created: January 15, 2020
        </Text>
      </PageHeading>
      <Stack gap="sm">
        <Text>
          This notice explains how Hirestream collects, uses and shares personal information about residents of
          California, and how they can use the rights the California Consumer Privacy Act gives them. It applies to
          visitors of our website, to people with a Hirestream account, and to people whose professional information
          appears in Hirestream without an account of their own.
        </Text>
        <Text>
          Hirestream is meant for people aged {PRIVACY_MIN_AGE} or older: you must be at least {PRIVACY_MIN_AGE} to
          create an account, and we do not knowingly collect personal information from anyone younger.
        </Text>
        <Text>
          We store and process personal data in the United States. If you use Hirestream from another country, your
          personal data is transferred to the United States.
        </Text>
      </Stack>
      <PrivacyRoleSection />
      <PrivacyPurposesSection />
      <PrivacyRequestsSection />
    </Stack>
  );
}
