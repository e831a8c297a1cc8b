import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { Loader, Menu, UnstyledButton } from "@mantine/core";
import { useLocation } from "wouter";
import { CHROME_EXTENSION_PATH } from "../constants.ts";
import { requestSignOut } from "../state/auth-state.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { userDisplayName } from "./user-initials.ts";

/**
 * The avatar menu of the top bar: Settings, Profile, Logout, Chrome Extension and Privacy Policy.
 * It opens and closes on click and closes on a click outside (Mantine's Menu does both).
 */
export function UserMenu({ user, role }: { user: UserRow | undefined; role?: WorkspaceRole | undefined }) {
  const [, navigate] = useLocation();
  if (!user) return <Loader size="sm" aria-label="Loading your account" />;
  return (
    <Menu position="bottom-end" width={200} shadow="md" trigger="click" closeOnClickOutside>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${userDisplayName(user)}`} style={{ borderRadius: "50%" }}>
          <UserAvatar user={user} memberRole={role} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate("/account_settings")}>Settings</Menu.Item>
        <Menu.Item onClick={() => navigate("/profile/")}>Profile</Menu.Item>
        <Menu.Item onClick={() => void requestSignOut()}>Logout</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => navigate(CHROME_EXTENSION_PATH)}>Chrome Extension</Menu.Item>
        <Menu.Item onClick={() => navigate("/privacy_policy")}>Privacy Policy</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
