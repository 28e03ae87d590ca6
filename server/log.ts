/** Server-side log lines. Tests pass `silentLogger` to keep their output readable. */
export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, err) => (err === undefined ? console.error(message) : console.error(message, err)),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };
