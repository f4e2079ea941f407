/** What the server tells its operator. One line per event; the process's output is the log. */
export type Logger = {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
};

export const consoleLogger: Logger = {
  info: (message, ...details) => console.log(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

/** For tests: keeps every line so a test can assert what the operator would read. */
export function memoryLogger(): Logger & { lines: Array<{ level: "info" | "warn" | "error"; message: string }> } {
  const lines: Array<{ level: "info" | "warn" | "error"; message: string }> = [];
  const keep =
    (level: "info" | "warn" | "error") =>
    (message: string, ...details: unknown[]) => {
      lines.push({ level, message: [message, ...details.map(String)].join(" ") });
    };
  return { lines, info: keep("info"), warn: keep("warn"), error: keep("error") };
}
