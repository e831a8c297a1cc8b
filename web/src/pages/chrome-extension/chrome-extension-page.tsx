import { Anchor, Code, List, Stack, Text } from "@mantine/core";
import { PageHeading, PageSection } from "../../components/page-section.tsx";
import { CHROME_EXTENSION_ZIP } from "../../constants.ts";

/**
 * /chrome_extension: how to install the browser extension, which is not in a store: it is loaded
 * into Chrome from the folder the build makes, or from the zip of it served next to the app.
 */
export function ChromeExtensionPage() {
  return (
    <Stack gap="xl" maw={760}>
      <PageHeading title="Chrome Extension">
        <Text c="dimmed">
          Add the person of a profile page on the professional network to your Talent Pool, or straight into a project,
          without leaving the page.
        </Text>
      </PageHeading>

      <PageSection title="1. Get the extension">
        <Text>
          The extension is not in the Chrome Web Store: you load it into Chrome from its folder. Running{" "}
          <Code>npm run build</Code> in the Hirestream folder builds it into the <Code>extension/dist/</Code> folder and
          packs the same files as <Code>hirestream-extension.zip</Code>.
        </Text>
        <Text>
          Not running Hirestream yourself? Download the zip built with this app,{" "}
          <Anchor href={CHROME_EXTENSION_ZIP} download>
            hirestream-extension.zip
          </Anchor>
          , and unzip it into a folder you keep: Chrome reads the extension from there every time it starts.
        </Text>
        <Text>
          The extension works with Hirestream at localhost, 127.0.0.1 and the name of the machine it was built on (any
          port), and at the address it was built for: <Code>npm start</Code> builds it for its <Code>APP_URL</Code>. To
          reach Hirestream at another address, build it for that address:{" "}
          <Code>HIRESTREAM_URL=https://hirestream.example.com npm run build</Code>.
        </Text>
      </PageSection>

      <PageSection title="2. Install it in Chrome">
        <List type="ordered" spacing="xs">
          <List.Item>
            Open <Code>chrome://extensions</Code> by typing it in the address bar (Chrome does not let a page link
            there).
          </List.Item>
          <List.Item>Switch on Developer mode, at the top right.</List.Item>
          <List.Item>
            Click Load unpacked and pick the <Code>extension/dist</Code> folder, or the folder you unzipped.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          After a new build or download, click the reload arrow on the extension's card in{" "}
          <Code>chrome://extensions</Code> to use the new version.
        </Text>
      </PageSection>

      <PageSection title="3. Use it">
        <List type="ordered" spacing="xs">
          <List.Item>
            Sign in to Hirestream in this browser once. The extension uses your Hirestream session of this browser: it
            has no password of its own.
          </List.Item>
          <List.Item>
            Open a person's public profile page on the professional network. The Hirestream panel shows the fields it
            read from the page; those, and nothing else, are sent.
          </List.Item>
          <List.Item>
            Add the person to your Talent Pool, or pick a workspace and a project to put them in. Someone already there
            is not added twice: the panel says so and links to them.
          </List.Item>
        </List>
      </PageSection>
    </Stack>
  );
}
