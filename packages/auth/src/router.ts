import { router } from "@taller/trpc";
import { login } from "./login";
import { logout } from "./logout";
import { me } from "./me";
import { signedIn } from "./signed-in";
import { workpointLogin, workpointLogout } from "./workpoint-login";

export const authRouter = router({
  login,
  logout,
  me,
  signedIn,
  workpointLogin,
  workpointLogout,
});
