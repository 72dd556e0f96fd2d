export { authRouter } from "./router";
export { accountRouter } from "./account/router";
export { authenticate, watchSessionEvents, readSessionId, startSession, endSessions } from "./session";
export { SESSION_COOKIE } from "./lucia";
export { sessionDeadline } from "./session-deadline";
export { parseDevice } from "./device";
export {
  loginWaitMs,
  LOGIN_LIMITS,
  pruneLoginAttempts,
  reserveAttempt,
  type Attempt,
  type AttemptKey,
} from "./throttle";
export { findUserByWorkpointCode } from "./workpoint-code";
