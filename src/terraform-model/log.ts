// hclog-style JSON lines on stderr: terraform (under TF_LOG) shows each at its own level.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel | "off", number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, off: 5 };

export interface Logger {
  trace(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger writing under another `@module` name. */
  named(module: string): Logger;
  /** Whether lines of this level are written (wrappers skip their own work for the others). */
  enabled?(level: LogLevel): boolean;
}

/** TF_LOG_PROVIDER wins over TF_LOG; unset means warnings and errors only. */
export function levelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel | "off" {
  const text = (env.TF_LOG_PROVIDER || env.TF_LOG || "").trim().toLowerCase();
  if (text === "json") return "trace";
  if (text in ORDER) return text as LogLevel | "off";
  return "warn";
}

export interface LoggerOptions {
  module?: string;
  level?: LogLevel | "off";
  write?: (line: string) => void;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const module = opts.module ?? "provider";
  const level = opts.level ?? levelFromEnv();
  const min = ORDER[level];
  const write = opts.write ?? ((line: string) => process.stderr.write(line));
  const emit = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < min) return;
    const entry = {
      ...fields,
      "@level": level,
      "@message": message,
      "@module": module,
      // go-plugin parses exactly six fractional digits; any other form is shown as plain text.
      "@timestamp": new Date().toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
    };
    write(JSON.stringify(entry, (_k, v: unknown) => (v instanceof Error ? v.message : v)) + "\n");
  };
  return {
    trace: emit("trace"),
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
    named: (name) => createLogger({ write, level, module: `${module}.${name}` }),
    enabled: (level) => ORDER[level] >= min,
  };
}
