import { Avatar, Loader, Menu, Tooltip, UnstyledButton } from "@mantine/core";
import { useSnapshot } from "valtio";
import { useLocation } from "wouter";
import { auth, signOut } from "../state/auth-state.ts";
import { userDisplayName, userInitials } from "./user-initials.ts";

/** The avatar menu of the top bar: Settings, Profile, Logout, Privacy Policy. */
export function UserMenu() {
  const { user } = useSnapshot(auth);
  const [, navigate] = useLocation();
  if (!user) return <Loader size="sm" aria-label="Loading your account" />;
  const name = userDisplayName(user);
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${name}`} style={{ borderRadius: "50%" }}>
          <Tooltip label={name} position="left">
            <Avatar color={user.color} radius="xl">
              {userInitials(user)}
            </Avatar>
          </Tooltip>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate("/account_settings")}>Settings</Menu.Item>
        <Menu.Item onClick={() => navigate("/profile/")}>Profile</Menu.Item>
        <Menu.Item onClick={() => void signOut()}>Logout</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => navigate("/privacy_policy")}>Privacy Policy</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
