import { List, Text } from "@mantine/core";
import { PageSection } from "../../components/page-section.tsx";

/** Section 1: what Hirestream is under the Act, what it shares and sells, and who sees a user's data. */
export function PrivacyRoleSection() {
  return (
    <PageSection title="1. Our role under the California Consumer Privacy Act">
      <Text>
        Hirestream decides why and how the personal information described in this notice is used, which makes us a
        “business” under the California Consumer Privacy Act (CCPA). Two kinds of personal information are involved:
      </Text>
      <List spacing="xs">
        <List.Item>
          <Text span fw={600}>
            Your account data.
          </Text>{" "}
          What you give us when you sign up and use Hirestream: your name, email address and password, the workspaces
          you belong to, and the candidates, notes and messages you add. We do not sell your account data.
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            Professional data about people who are not Hirestream users.
          </Text>{" "}
          Names, job titles, employers, work history and public professional profiles. Hirestream shares this data with
          employers and recruiters so that they can find and contact candidates, and the CCPA may treat that sharing as
          a sale.
        </List.Item>
      </List>
      <Text>
        When you work in a company’s Hirestream account, that company’s Admin, and any other users the company
        authorises, can see the data you keep there, including your projects, candidates and messages.
      </Text>
    </PageSection>
  );
}
