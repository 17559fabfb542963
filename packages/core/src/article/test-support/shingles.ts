/**
 * The article benchmark's measure (scrapinghub/article-extraction-benchmark, evaluate.py), written
 * here for the tests: text split into \w+ tokens, 4-token shingles counted, precision and recall of
 * the predicted shingles against the true ones.
 */
export function shingleScores(truth: string, predicted: string): { precision: number; recall: number; f1: number } {
  const expected = shingles(truth);
  const got = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...expected.keys(), ...got.keys()])) {
    const wanted = expected.get(key) ?? 0;
    const found = got.get(key) ?? 0;
    tp += Math.min(wanted, found);
    fp += Math.max(0, found - wanted);
    fn += Math.max(0, wanted - found);
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

function shingles(text: string): Map<string, number> {
  const tokens = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  const counts = new Map<string, number>();
  for (let i = 0; i < Math.max(1, tokens.length - 3); i++) {
    const key = tokens.slice(i, i + 4).join(' ');
    if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
