import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLOOR = fileURLToPath(new URL('../servers/parse-floor.mjs', import.meta.url));

/**
 * Starts the parse floor in its own process (`bench/servers/parse-floor.mjs`). Returns
 * `{ load(key, body, { json }), batch(key, repetitions) → CPU ms per call, stop() }`. The engine
 * benchmarks alternate its batches with their own, so both see the same machine noise, and each
 * process runs only its own code.
 */
export function startParseFloor() {
  const child = fork(FLOOR, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map();
  let nextId = 0;
  child.on('message', (message) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    waiting?.resolve(message);
  });
  child.on('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`parse floor process exited with code ${code}`));
    pending.clear();
  });
  const request = (message) =>
    new Promise((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      child.send({ ...message, id: nextId });
    });
  return {
    load: async (key, body, { json = false } = {}) => {
      await request({ type: 'load', key, body, json });
    },
    batch: async (key, repetitions) => (await request({ type: 'batch', key, repetitions })).ms,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.send({ type: 'exit' });
      }),
  };
}
