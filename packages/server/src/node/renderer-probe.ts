import { connect } from 'node:net';

/** Whether the renderer's websocket endpoint accepts TCP connections (health `checks.renderer`). */
export function createRendererProbe(websocketUrl: string, timeoutMs = 2000): () => Promise<'ok' | 'down'> {
  return () =>
    new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(websocketUrl);
      } catch {
        resolve('down');
        return;
      }
      const port = Number(url.port || (url.protocol === 'wss:' ? 443 : 80));
      const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
      const finish = (state: 'ok' | 'down') => {
        socket.destroy();
        resolve(state);
      };
      socket.setTimeout(timeoutMs, () => finish('down'));
      socket.once('connect', () => finish('ok'));
      socket.once('error', () => finish('down'));
    });
}
