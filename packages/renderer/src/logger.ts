/** The logger shape the server passes in (`info`/`warn`/`error` with fields); silent by default. */
export interface RendererLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentRendererLogger: RendererLogger = { info() {}, warn() {}, error() {} };
