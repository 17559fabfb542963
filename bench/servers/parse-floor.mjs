import { parseDocument } from 'htmlparser2';

/**
 * The floor of benchmarks 1 and 2 in a process of its own (`bench/lib/floor-process.mjs`): bare
 * `htmlparser2.parseDocument` (or `JSON.parse` for a JSON page), nothing else. A process that
 * only ever runs it keeps V8's code for it as specialised as a program using it alone would; in
 * the engine's process the floor shared htmlparser2's code with the engine's own parse, so each
 * slowed the other by however differently they used it.
 *
 * Messages: { id, type: 'load', key, body, json } → { id };
 *           { id, type: 'batch', key, repetitions } → { id, ms } (CPU ms per call, this process).
 */
const documents = new Map();

function cpuNow() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

process.on('message', (message) => {
  if (message.type === 'load') {
    documents.set(message.key, { body: message.body, json: message.json === true });
    process.send({ id: message.id });
    return;
  }
  if (message.type === 'batch') {
    const { body, json } = documents.get(message.key);
    const started = cpuNow();
    for (let repetition = 0; repetition < message.repetitions; repetition += 1) {
      if (json) JSON.parse(body);
      else parseDocument(body);
    }
    process.send({ id: message.id, ms: (cpuNow() - started) / message.repetitions });
    return;
  }
  if (message.type === 'exit') process.exit(0);
});
