/**
 * `manager_token` (seed 002 section 7.4's browser key): a hint that this browser has an operator session, holding the
 * operator's e-mail. It is not a credential: the session itself is the HttpOnly cookie the server set, which scripts
 * never see, so a script that reads localStorage learns nothing it could log in with. With the hint present the
 * login page tries re-authentication first (seed 002 section 2.7).
 */
import { type Codec, storedValue } from "./storage";

const emailCodec: Codec<string | null> = { parse: (raw) => raw || null, serialize: (v) => v };

export const managerToken = storedValue("manager_token", emailCodec);
