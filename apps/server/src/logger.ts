import pino from "pino";

/** Structured JSON logs on stdout; one logger for the process. */
export function createLogger(level: string) {
  return pino({ level, base: { service: "taller-server" } });
}
export type Logger = ReturnType<typeof createLogger>;
