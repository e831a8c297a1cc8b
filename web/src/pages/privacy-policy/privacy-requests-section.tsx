import { Anchor, Text } from "@mantine/core";
import { PageSection } from "../../components/page-section.tsx";
import {
  PRIVACY_EXTENDED_RESPONSE_DAYS,
  PRIVACY_FREE_ACCESS_REQUESTS,
  PRIVACY_PERIOD_MONTHS,
  PRIVACY_RESPONSE_DAYS,
  SECURITY_EMAIL,
  SUPPORT_EMAIL,
} from "../../components/public/public-site-constants.ts";

const mailLink = (address: string) => <Anchor href={`mailto:${address}`}>{address}</Anchor>;

/** How a California resident asks about their data, how fast we answer, and whom to write to. */
export function PrivacyRequestsSection() {
  return (
    <>
      <PageSection title="Making a request">
        <Text>
          As a California resident you may ask us which personal information we hold about you, ask us to delete it, and
          ask us to stop selling it. Send your request to {mailLink(SUPPORT_EMAIL)}, from the address on your account if
          you have one. We check that the request comes from you before we act on it.
        </Text>
        <Text>
          We answer within {PRIVACY_RESPONSE_DAYS} days of receiving your request. When we need longer, we tell you why
          within those {PRIVACY_RESPONSE_DAYS} days and answer within {PRIVACY_EXTENDED_RESPONSE_DAYS} days in all.
        </Text>
        <Text>
          The first {PRIVACY_FREE_ACCESS_REQUESTS} requests for access that you make in any{" "}
          {`${PRIVACY_PERIOD_MONTHS}-month`} period are free. Each answer covers the personal information we collected
          about you in the {PRIVACY_PERIOD_MONTHS} months before your request.
        </Text>
      </PageSection>
      <PageSection title="Contact us">
        <Text>
          For questions about this notice or about your data, write to {mailLink(SUPPORT_EMAIL)}. To report a security
          problem, write to {mailLink(SECURITY_EMAIL)}.
        </Text>
      </PageSection>
    </>
  );
}
