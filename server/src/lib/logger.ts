import { pino, type Logger } from "pino";

export type { Logger };

/** One logger for the server. Never log raw tokens, codes or cookies. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "res.headers['set-cookie']", "token", "code", "*.token", "*.code"],
      censor: "[redacted]",
    },
  });
}
