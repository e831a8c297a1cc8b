import { LoadingScreen } from "../../components/loading-screen.tsx";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { ProfilePage } from "../profile/profile-page.tsx";
import { PersonDetailPage } from "./person-detail-page.tsx";

/**
 * /profile and /profile/{id}: the signed-in user's own profile when the id is theirs (or absent),
 * else the candidate with that id.
 */
export function ProfileRoute({ id }: { id?: string | undefined }) {
  const user = useCurrentUser();
  if (!id) return <ProfilePage />;
  if (!user) return <LoadingScreen label="Loading profile" />;
  if (id === user.id) return <ProfilePage id={id} />;
  return <PersonDetailPage personId={id} />;
}
