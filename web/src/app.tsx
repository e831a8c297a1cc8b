import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { TOAST_AUTO_CLOSE_MS } from "./constants.ts";
import { AppRoutes } from "./routes.tsx";
import { theme } from "./theme.ts";

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
    </MantineProvider>
  );
}
