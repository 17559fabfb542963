/**
 * Whether the renderer can be offered right now: `ok` (its endpoint answers), `down` (configured
 * or built in, but not answering) or `not_configured`. The probe's answer is kept for `ttlMs`, so
 * the instance route (read by every page load of the web UI) costs at most one probe per interval.
 */
export type RendererState = 'ok' | 'down' | 'not_configured';

export function createRendererStatus(
  configured: boolean,
  probe: (() => Promise<'ok' | 'down'>) | undefined,
  ttlMs = 5_000,
  now: () => number = Date.now,
): () => Promise<RendererState> {
  if (!configured || !probe) return () => Promise.resolve('not_configured');
  let last: { state: Promise<RendererState>; at: number } | undefined;
  return () => {
    const time = now();
    if (!last || time - last.at >= ttlMs) last = { state: probe().catch(() => 'down' as const), at: time };
    return last.state;
  };
}
