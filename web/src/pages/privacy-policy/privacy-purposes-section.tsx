import { Anchor, List, Text } from "@mantine/core";
import { PageSection } from "../../components/page-section.tsx";
import { GOOGLE_USER_DATA_POLICY_URL } from "../../components/public/public-site-constants.ts";

/** Section 2: the three purposes the Act asks a business to name, and the limit on Google data. */
export function PrivacyPurposesSection() {
  return (
    <PageSection title="2. Why we collect or sell personal information">
      <Text>We collect personal information, and share professional data as section 1 describes, in order to:</Text>
      <List type="ordered" spacing="xs">
        <List.Item>provide and maintain Hirestream, and send you alerts about your account;</List.Item>
        <List.Item>analyse how our website is used, so that we can fix what goes wrong and improve it;</List.Item>
        <List.Item>keep you informed about our programs and products.</List.Item>
      </List>
      <Text>
        If you connect a Gmail account, Hirestream’s use of the information it receives from Google APIs, and any
        transfer of that information to another app, follows the{" "}
        <Anchor href={GOOGLE_USER_DATA_POLICY_URL}>Google API Services User Data Policy</Anchor>, including its Limited
        Use requirements.
      </Text>
    </PageSection>
  );
}
