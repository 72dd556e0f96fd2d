// The login throttle lives in @taller/trpc so every login (staff, kiosk, manager operators) shares one implementation.
export {
  LOGIN_LIMITS,
  lockoutMessage,
  loginWaitMs,
  pruneLoginAttempts,
  reserveAttempt,
  type Attempt,
  type AttemptKey,
} from "@taller/trpc";
