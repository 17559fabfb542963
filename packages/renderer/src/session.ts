import { WebSocket, type RawData } from 'ws';

/**
 * Bridges one client websocket to the browser's devtools endpoint. The one rewrite: a
 * `Target.createTarget` without a browser context gets the session's own context, so pages of
 * different sessions share no cookies or storage and all of a session's pages close with it.
 * Resolves when either side closes.
 */
export function bridgeSession(client: WebSocket, endpoint: string, contextId: string): Promise<void> {
  const upstream = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  const pending: Array<{ data: RawData | string; binary: boolean }> = [];
  const forward = (data: RawData | string, binary: boolean) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
    else pending.push({ data, binary });
  };
  client.on('message', (data, binary) => forward(binary ? data : withContext(data, contextId), binary));
  upstream.on('open', () => {
    for (const message of pending.splice(0)) upstream.send(message.data, { binary: message.binary });
  });
  upstream.on('message', (data, binary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
  });
  return new Promise<void>((resolve) => {
    const end = () => {
      if (client.readyState !== WebSocket.CLOSED) client.terminate();
      if (upstream.readyState !== WebSocket.CLOSED) upstream.terminate();
      resolve();
    };
    upstream.once('close', end);
    upstream.once('error', end);
    client.once('close', end);
    client.once('error', end);
  });
}

/** Only messages that name the method are parsed; everything else passes as received. */
export function withContext(data: RawData | string, contextId: string): RawData | string {
  const text = typeof data === 'string' ? data : data.toString();
  if (!contextId || !text.includes('"Target.createTarget"')) return data;
  try {
    const message = JSON.parse(text) as { method?: string; params?: { browserContextId?: string } };
    if (message.method !== 'Target.createTarget' || message.params?.browserContextId) return data;
    message.params = { ...message.params, browserContextId: contextId };
    return JSON.stringify(message);
  } catch {
    return data;
  }
}
