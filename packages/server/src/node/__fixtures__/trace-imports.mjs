// Reports (on stderr) when the process resolves a heavy optional dependency, so a test can prove
// that @sentry/node and ioredis are loaded only when configured, and puppeteer only when used. Loaded with `--import`.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const WATCHED = ['@sentry/node', 'ioredis', 'puppeteer-core', 'playwright-core'];
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  if (${JSON.stringify(WATCHED)}.includes(specifier)) port.postMessage(specifier);
  return next(specifier, context);
}`;
const { port1, port2 } = new MessageChannel();
port1.on('message', (specifier) => process.stderr.write(`pagefeed-trace: import ${specifier}\n`));
port1.unref();
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });
