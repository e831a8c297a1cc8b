import { Anchor, type AnchorProps } from "@mantine/core";
import { RouterAnchor } from "../router-anchor.tsx";
import type { PublicLink } from "./public-links.ts";

/** A footer or menu link: routes of this app navigate in place, other addresses load normally. */
export function PublicAnchor({ link, ...props }: AnchorProps & { link: PublicLink }) {
  if (link.kind === "route") {
    return (
      <RouterAnchor href={link.href} {...props}>
        {link.label}
      </RouterAnchor>
    );
  }
  return (
    <Anchor href={link.href} {...props}>
      {link.label}
    </Anchor>
  );
}
