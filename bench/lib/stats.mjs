/** Small statistics and timing helpers shared by the benchmarks. */

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile of already sorted values (`fraction` in 0..1). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))];
}

export function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * CPU milliseconds of this process (user + system, all threads: GC included). In-process
 * benchmarks time with it: on a machine shared with other work, wall time also counts the time
 * this process waited for a core, CPU time does not.
 */
export function cpuNow() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU milliseconds one call of `task` takes (sync or async). */
export async function timeOnce(task) {
  const started = cpuNow();
  await task();
  return cpuNow() - started;
}

/** Wall-clock milliseconds one call of `task` takes: latency, for anything crossing processes. */
export async function timeWall(task) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/** Milliseconds per call over `repetitions` back-to-back calls (one GC pause spreads over many). */
async function timeBatch(task, repetitions) {
  const started = cpuNow();
  for (let repetition = 0; repetition < repetitions; repetition += 1) await task();
  return (cpuNow() - started) / repetitions;
}

/** Repetitions per batch so one batch of `task` lasts at least `minimumMs`. */
async function calibrate(task, minimumMs) {
  let repetitions = 1;
  while (repetitions < 1024 && (await timeBatch(task, repetitions)) * repetitions < minimumMs) repetitions *= 2;
  return repetitions;
}

/** Repetitions per batch so one batch of `batch` lasts at least `minimumMs`. */
async function calibrateBatch(batch, minimumMs) {
  let repetitions = 1;
  while (repetitions < 1024 && (await batch(repetitions)) * repetitions < minimumMs) repetitions *= 2;
  return repetitions;
}

/**
 * Median CPU milliseconds per call of `subject` (run here) and of the floor (`floorBatch`:
 * `(repetitions) → CPU ms per call`; the engine benchmarks run their floor in a process of its own,
 * see `floor-process.mjs`), measured alternately in the same rounds so both see the same machine noise
 * (other engineers share this machine), after `warmup` untimed rounds. Each round times a batch
 * lasting at least `batchMs`, so a short call is not at the mercy of one GC pause or timer tick.
 */
export async function pairedMedians(subject, floorBatch, { warmup, rounds, batchMs = 20 }) {
  for (let round = 0; round < warmup; round += 1) {
    await floorBatch(1);
    await subject();
  }
  const floorRepetitions = await calibrateBatch(floorBatch, batchMs);
  const subjectRepetitions = await calibrate(subject, batchMs);
  const subjectTimes = [];
  const floorTimes = [];
  for (let round = 0; round < rounds; round += 1) {
    floorTimes.push(await floorBatch(floorRepetitions));
    subjectTimes.push(await timeBatch(subject, subjectRepetitions));
  }
  return { subjectMs: median(subjectTimes), floorMs: median(floorTimes) };
}

export function formatMs(milliseconds) {
  if (!Number.isFinite(milliseconds)) return 'n/a';
  return milliseconds >= 100 ? `${milliseconds.toFixed(0)} ms` : `${milliseconds.toFixed(2)} ms`;
}

export function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return 'n/a';
  if (Math.abs(bytes) >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (Math.abs(bytes) >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

export function formatRatio(ratio) {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a';
}
