/**
 * Benchmark of the PAP wage tax engine (one core).
 *
 *   npx tsc -b packages/payroll && node bench/pap.bench.mjs [--seconds=3]
 *
 * Measures calculateLohnsteuer from the compiled package (packages/payroll/dist) and the
 * decimal.js reference interpreter (TypeScript test support, loaded through tsx's loader
 * API, so plain `node` is enough) on the same realistic random inputs after a warm-up,
 * first checking that both give identical outputs for every input. Rates use the
 * process CPU time, so other load on the machine distorts them little.
 * Exits with 1 if any result differs from the reference.
 */
import { register } from 'tsx/esm/api';

const TARGET_PER_SECOND = 300_000;
const INPUT_COUNT = 10_000;
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 3);

const { calculateLohnsteuer } = await import('../packages/payroll/dist/index.js');
register();
const { referenceFor } = await import('../packages/payroll/src/pap/test-support/differential.ts');
const { createRng, int } = await import('../packages/payroll/src/pap/test-support/random-inputs.ts');

/** Typical salary-conversion customers: monthly payroll, 2,000 to 15,000 euro gross. */
function realisticInputs(count) {
  const rng = createRng(20260301);
  const inputs = [];
  for (let i = 0; i < count; i++) {
    const stkl = [1, 1, 1, 1, 2, 3, 3, 4, 4, 5, 6][int(rng, 0, 10)];
    const privateInsurance = rng() < 0.15;
    const input = {
      version: '2026',
      LZZ: 2,
      STKL: stkl,
      RE4: int(rng, 200_000, 1_500_000),
      KVZ: ['2.50', '2.90', '3.10', 2.69][int(rng, 0, 3)],
      PVZ: rng() < 0.4 ? 1 : 0,
      PVA: rng() < 0.2 ? int(rng, 1, 3) : 0,
      ZKF: stkl <= 4 && rng() < 0.4 ? int(rng, 1, 6) / 2 : 0,
      R: rng() < 0.45 ? 1 : 0,
      PKV: privateInsurance ? 1 : 0,
    };
    if (privateInsurance) Object.assign(input, { PKPV: int(rng, 40_000, 110_000), PKPVAGZ: int(rng, 20_000, 50_000) });
    if (stkl === 4 && rng() < 0.3) Object.assign(input, { f: (int(rng, 700, 999) / 1000).toFixed(3) });
    if (rng() < 0.05) Object.assign(input, { SONSTB: int(rng, 100_000, 2_000_000), JRE4: input.RE4 * 12 });
    inputs.push(input);
  }
  return inputs;
}

/** Calls fn(i) in a loop for about `budget` seconds of CPU time; returns calls per CPU second. */
function measure(fn, budget) {
  let calls = 0;
  let sink = 0;
  const start = process.cpuUsage();
  const wallStart = performance.now();
  let elapsed = 0;
  while (elapsed < budget * 1e6) {
    for (let i = 0; i < 1000; i++) sink += fn(calls++);
    const used = process.cpuUsage(start);
    elapsed = used.user + used.system;
  }
  const wall = (performance.now() - wallStart) / 1000;
  return { perCpuSecond: calls / (elapsed / 1e6), perWallSecond: calls / wall, calls, sink };
}

const inputs = realisticInputs(INPUT_COUNT);
const reference = referenceFor('2026');
const referenceInputs = inputs.map(({ version: _version, ...rest }) => rest);

let mismatches = 0;
for (const [i, input] of inputs.entries()) {
  const engine = calculateLohnsteuer(input);
  const expected = reference.run(referenceInputs[i]);
  for (const key of Object.keys(expected)) {
    if (String(engine[key]) !== expected[key]) {
      if (mismatches++ < 5)
        console.error(
          `MISMATCH #${i} ${key}: engine ${engine[key]} reference ${expected[key]} ${JSON.stringify(input)}`,
        );
    }
  }
}

const engineRun = (i) => calculateLohnsteuer(inputs[i % INPUT_COUNT]).LSTLZZ;
const referenceRun = (i) => Number(reference.run(referenceInputs[i % INPUT_COUNT]).LSTLZZ);
measure(engineRun, 0.5); // warm-up: let V8 optimise
measure(referenceRun, 0.5);
const engine = measure(engineRun, seconds);
const ref = measure(referenceRun, Math.max(1, seconds / 2));

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `PAP 2026, ${INPUT_COUNT.toLocaleString('en-US')} realistic monthly inputs, node ${process.version}, one core`,
);
console.log(
  `results identical to the reference interpreter: ${mismatches === 0 ? 'yes' : `NO (${mismatches} differences)`}`,
);
console.log(
  `generated engine:      ${fmt(engine.perCpuSecond)} calculations/s (CPU time; wall clock ${fmt(engine.perWallSecond)}/s)`,
);
console.log(
  `reference (decimal.js): ${fmt(ref.perCpuSecond)} calculations/s (CPU time; wall clock ${fmt(ref.perWallSecond)}/s)`,
);
console.log(`ratio engine/reference: ${(engine.perCpuSecond / ref.perCpuSecond).toFixed(1)}x`);
console.log(`target ${fmt(TARGET_PER_SECOND)}/s: ${engine.perCpuSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`);
console.log(
  JSON.stringify({
    bench: 'pap',
    enginePerSecond: Math.round(engine.perCpuSecond),
    referencePerSecond: Math.round(ref.perCpuSecond),
    ratio: Number((engine.perCpuSecond / ref.perCpuSecond).toFixed(1)),
    identical: mismatches === 0,
  }),
);
if (mismatches > 0) process.exitCode = 1;
