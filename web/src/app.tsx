import { MantineProvider, Text, Title } from "@mantine/core";

export function App() {
  return (
    <MantineProvider>
      <Title>Hirestream</Title>
      <Text>Recruiting and talent sourcing.</Text>
    </MantineProvider>
  );
}
