/**
 * Settings (/main/settings, seed 000 section 2.6): a column of cards for the logged-in user's own account. Opening
 * the page asks the server for the user again (the spec's re-authentication), so the cards start from fresh data.
 */
import { APP_VERSION } from "../../env";
import { trpc } from "../../lib/trpc";
import { PageLoader } from "../../ui/spinner";
import { DevicesCard } from "./devices-card";
import { OnlineCard } from "./online-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { ThemesCard } from "./themes-card";
import { TwoFactorCard } from "./two-factor-card";
import "./settings.css";

export function SettingsPage() {
  const me = trpc.auth.me.useQuery(undefined, { refetchOnMount: "always" });
  // The forms copy the user once, so they wait for the fresh answer rather than start from the cached one.
  if (!me.data || !me.isFetchedAfterMount) return <PageLoader />;
  const profile = me.data;
  return (
    <div className="settings">
      <OnlineCard online={profile.online} />
      <ProfileCard profile={profile} />
      <PasswordCard />
      <TwoFactorCard enabled={profile.has_2fa} />
      <ThemesCard theme={profile.theme} />
      <DevicesCard />
      <p className="settings-version">Versión {APP_VERSION}</p>
    </div>
  );
}
