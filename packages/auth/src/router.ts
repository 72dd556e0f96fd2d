import { router } from "@taller/trpc";
import { login } from "./login";
import { logout } from "./logout";
import { me } from "./me";

export const authRouter = router({
  login,
  logout,
  me,
});
