/**
 * A user as the side menu's and the chat list's footers show them: picture (or initials), name and role.
 *
 *   <UserCard className="sidebar-user" user={me} />
 */
import { initials } from "./initials";
import "./user-card.css";

export function UserCard({
  user,
  className = "",
}: {
  user: { name: string; picture: string | null; role?: string | null };
  className?: string;
}) {
  return (
    <div className={`user-card ${className}`.trim()}>
      {user.picture ? (
        <img src={user.picture} alt="" className="avatar" />
      ) : (
        <span className="avatar avatar-initials" aria-hidden>
          {initials(user.name)}
        </span>
      )}
      <span className="user-card-text">
        <span className="user-card-name">{user.name}</span>
        {user.role && <span className="user-card-role">{user.role}</span>}
      </span>
    </div>
  );
}
