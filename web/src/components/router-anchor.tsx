import { Anchor, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "wouter";

/** A Mantine-styled link to a route of this app (client-side navigation, keyboard reachable). */
export function RouterAnchor({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Link href={href} asChild>
      <Anchor {...props}>{children}</Anchor>
    </Link>
  );
}
