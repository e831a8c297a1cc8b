import { MantineProvider } from "@mantine/core";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { Toasts } from "./components/toasts/toasts.tsx";
import { AppRoutes } from "./routes.tsx";
import { theme } from "./theme.ts";

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
    </MantineProvider>
  );
}
