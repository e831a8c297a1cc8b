import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { PublicFooter } from "./public/public-footer.tsx";
import type { PublicPage } from "./public/public-links.ts";
import { PublicNavBar } from "./public/public-nav-bar.tsx";

/**
 * The public site's frame: the bar, the page, the footer. `page` picks the services page's burger
 * entry and footer; every other public page (the privacy notice included) uses the home ones.
 */
export function PublicLayout({ page = "home", children }: { page?: PublicPage; children: ReactNode }) {
  return (
    <Box>
      <PublicNavBar page={page} />
      <Box component="main">{children}</Box>
      <PublicFooter page={page} />
    </Box>
  );
}
