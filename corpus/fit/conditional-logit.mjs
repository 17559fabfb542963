// conditional-logit.mjs — an L2-regularised conditional logit (McFadden's choice model: a softmax
// over the alternatives of each group, one shared weight vector), fitted by Newton's method
// with step halving. Pure and deterministic: the same groups give the same model, bit for bit.
//
// groups: [{ xs: number[][] (one row of inputs per alternative), targets: number[] (> 0 for the
// alternatives that should come first; normalised to a distribution per group) }]
// Returns { weights, means, scales }: inputs are standardised with means/scales over every
// alternative and clipped to ±3 deviations (auto-source's ranking.ts does the same when it ranks).
// `unpenalised` lists inputs left out of the L2 penalty: with the hand score among them, a strong
// penalty shrinks the model towards the hand ranking rather than towards a random order.
// No npm library fits this model (a softmax within groups with a shared linear utility); it is a
// few dozen lines of arithmetic, so it is written here rather than pulled in.

const clip = (value) => (value > 3 ? 3 : value < -3 ? -3 : value);

export function standardiser(rows) {
  const width = rows[0]?.length ?? 0;
  const means = new Array(width).fill(0);
  const scales = new Array(width).fill(0);
  for (const row of rows) row.forEach((value, j) => { means[j] += value / rows.length; });
  for (const row of rows) row.forEach((value, j) => { scales[j] += (value - means[j]) ** 2 / rows.length; });
  return { means, scales: scales.map((variance) => Math.sqrt(variance) || 1) };
}

export function fitConditionalLogit(groups, { lambda = 1, iterations = 50, unpenalised = [] } = {}) {
  const rows = groups.flatMap((group) => group.xs);
  if (rows.length === 0) throw new Error('fitConditionalLogit: no groups with alternatives to fit on');
  const { means, scales } = standardiser(rows);
  const width = means.length;
  const zs = groups.map((group) => group.xs.map((row) => row.map((value, j) => clip((value - means[j]) / scales[j]))));
  const targets = groups.map((group) => {
    const total = group.targets.reduce((sum, value) => sum + value, 0);
    if (!(total > 0)) throw new Error('fitConditionalLogit: every group needs at least one target alternative');
    return group.targets.map((value) => value / total);
  });
  // A tiny ridge keeps the unpenalised inputs' Hessian invertible on separable data.
  const penalty = means.map((_, j) => (unpenalised.includes(j) ? 1e-3 : lambda));
  let weights = new Array(width).fill(0);
  const objective = (w) => meanLoss(groups, { weights: w, means, scales }) * groups.length + 0.5 * w.reduce((sum, value, j) => sum + penalty[j] * value * value, 0);
  let current = objective(weights);
  // Newton's method with step halving: the objective is convex, a few dozen steps reach its minimum.
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const gradient = weights.map((value, j) => penalty[j] * value);
    const hessian = Array.from({ length: width }, (_, j) => Array.from({ length: width }, (_, k) => (j === k ? penalty[j] : 0)));
    zs.forEach((z, g) => {
      const utilities = z.map((row) => row.reduce((sum, value, j) => sum + weights[j] * value, 0));
      const top = Math.max(...utilities);
      const exps = utilities.map((u) => Math.exp(u - top));
      const total = exps.reduce((sum, value) => sum + value, 0);
      const p = exps.map((value) => value / total);
      const mean = new Array(width).fill(0);
      z.forEach((row, i) => row.forEach((value, j) => { mean[j] += p[i] * value; }));
      z.forEach((row, i) => {
        const error = p[i] - targets[g][i];
        for (let j = 0; j < width; j += 1) {
          gradient[j] += error * row[j];
          if (p[i] === 0) continue;
          const dj = row[j] - mean[j];
          for (let k = 0; k < width; k += 1) hessian[j][k] += p[i] * dj * (row[k] - mean[k]);
        }
      });
    });
    const step = solve(hessian, gradient);
    let scale = 1;
    let next;
    let value;
    for (let halving = 0; halving < 30; halving += 1, scale /= 2) {
      next = weights.map((w, j) => w - scale * step[j]);
      value = objective(next);
      if (value <= current) break;
    }
    if (!(value <= current)) break;
    const improvement = current - value;
    weights = next;
    current = value;
    if (improvement < 1e-10) break;
  }
  return { weights, means, scales };
}

/** Solves `matrix · x = vector` by Gaussian elimination with partial pivoting (small, dense systems). */
function solve(matrix, vector) {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]]);
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) if (Math.abs(a[row][column]) > Math.abs(a[pivot][column])) pivot = row;
    [a[column], a[pivot]] = [a[pivot], a[column]];
    const head = a[column][column] || 1e-12;
    for (let row = column + 1; row < n; row += 1) {
      const factor = a[row][column] / head;
      if (factor !== 0) for (let k = column; k <= n; k += 1) a[row][k] -= factor * a[column][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = a[row][n];
    for (let k = row + 1; k < n; k += 1) sum -= a[row][k] * x[k];
    x[row] = sum / (a[row][row] || 1e-12);
  }
  return x;
}

/** Mean negative log-likelihood of the target alternatives (for reports and tests). */
export function meanLoss(groups, model) {
  let loss = 0;
  for (const group of groups) {
    const utilities = group.xs.map((row) => row.reduce((sum, value, j) => sum + model.weights[j] * clip((value - model.means[j]) / model.scales[j]), 0));
    const top = Math.max(...utilities);
    const logTotal = top + Math.log(utilities.reduce((sum, u) => sum + Math.exp(u - top), 0));
    const total = group.targets.reduce((sum, value) => sum + value, 0);
    group.targets.forEach((value, i) => { loss -= (value / total) * (utilities[i] - logTotal); });
  }
  return loss / groups.length;
}
