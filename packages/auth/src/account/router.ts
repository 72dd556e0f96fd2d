import { router } from "@taller/trpc";
import { changeEmail } from "./change-email";
import { changePassword } from "./change-password";
import { destroyDevice } from "./destroy-device";
import { devices } from "./devices";
import { disable2fa } from "./disable-2fa";
import { enable2fa } from "./enable-2fa";
import { setOnline } from "./set-online";
import { update } from "./update";
import { validate2fa } from "./validate-2fa";

export const accountRouter = router({
  update,
  setOnline,
  changePassword,
  changeEmail,
  enable2fa,
  validate2fa,
  disable2fa,
  devices,
  destroyDevice,
});
