/**
 * Settings (/main/settings, seed 000 section 2.6): a column of cards for the logged-in user's own account. Opening
 * the page asks the server for the user again (the spec's re-authentication), so the cards start from fresh data.
 */
import { APP_VERSION } from "../../env";
import { trpc } from "../../lib/trpc";
import { PageLoader } from "../../ui/spinner";
import { lazyPart } from "../../lib/lazy-part";
import { ProfileCard } from "./profile-card";
import "./settings.css";

// The cards but the profile load right after the page has painted: the online switch (Radix Switch), the themes'
// radio group, the two-factor setup and the devices are not in the page's first load.
const OnlineCard = lazyPart(() => import("./online-card").then((m) => m.OnlineCard), "esta sección");
const PasswordCard = lazyPart(() => import("./password-card").then((m) => m.PasswordCard), "esta sección");
const TwoFactorCard = lazyPart(() => import("./two-factor-card").then((m) => m.TwoFactorCard), "esta sección");
const ThemesCard = lazyPart(() => import("./themes-card").then((m) => m.ThemesCard), "esta sección");
const DevicesCard = lazyPart(() => import("./devices-card").then((m) => m.DevicesCard), "esta sección");

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
