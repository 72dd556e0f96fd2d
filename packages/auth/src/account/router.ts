import { router } from "@taller/trpc";
import { changePassword } from "./change-password";

export const accountRouter = router({
  changePassword,
});
