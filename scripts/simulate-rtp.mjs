#!/usr/bin/env node
// RTP simulation of the provably fair games (a script, not a test: it takes minutes).
// Plays --rounds rounds per game (default 10,000,000) with random seed pairs through the
// @croupier/games code itself, in worker threads, and prints per game the measured RTP with
// its 95% confidence interval beside the declared and the exact RTP. For the slot it also
// walks every reel-stop combination through the game's evaluator.
//
//   node scripts/simulate-rtp.mjs [--rounds 10000000] [--games dice,slot] [--workers 2] [--no-enumerate]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ALL_GAMES = ['dice', 'limbo', 'mines', 'plinko', 'roulette', 'slot', 'crash'];
/** Rounds per seed pair before the simulated player rotates seeds (as players do now and then). */
const ROUNDS_PER_SEED_PAIR = 100_000;

/** Loads the package from source text bundled by esbuild: nothing is written to disk. */
async function importGames(code) {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

async function bundleGames() {
  const { build } = await import('esbuild');
  const root = path.resolve(import.meta.dirname, '..');
  const result = await build({
    entryPoints: [path.join(root, 'packages/games/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Each game cycles through a few bet settings; `exact` is the mean exact RTP of those
 * settings (what the measurement should approach), from the package's own formulas.
 */
function scenarios(g) {
  const dice = [
    { direction: 'under', targetHundredths: 5000 },
    { direction: 'over', targetHundredths: 7500 },
    { direction: 'under', targetHundredths: 1000 },
    { direction: 'over', targetHundredths: 300 },
  ];
  const limbo = [150, 200, 1000, 5000].map((targetHundredths) => ({ targetHundredths }));
  const mines = [
    { mineCount: 3, reveals: 5 },
    { mineCount: 1, reveals: 10 },
    { mineCount: 10, reveals: 2 },
    { mineCount: 24, reveals: 1 },
  ];
  const plinko = g.PLINKO_RISKS.flatMap((risk) =>
    Array.from({ length: g.PLINKO.maxRows - g.PLINKO.minRows + 1 }, (_, i) => ({ rows: g.PLINKO.minRows + i, risk })),
  );
  const roulette = [
    { type: 'straight', numbers: [17] },
    { type: 'split', numbers: [0, 2] },
    { type: 'street', numbers: [31, 32, 33] },
    { type: 'corner', numbers: [0, 1, 2, 3] },
    { type: 'sixLine', numbers: [13, 14, 15, 16, 17, 18] },
    { type: 'dozen', index: 2 },
    { type: 'column', index: 3 },
    { type: 'red' },
    { type: 'odd' },
    { type: 'high' },
  ];
  const crash = [150, 200, 1000].map((cashOutHundredths) => ({ cashOutHundredths }));
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    dice: { settings: dice, label: 'under 50, over 75, under 10, over 3', exact: mean(dice.map(g.diceRtp)) },
    limbo: { settings: limbo, label: 'targets 1.5x, 2x, 10x, 50x', exact: mean(limbo.map(g.limboRtp)) },
    mines: {
      settings: mines,
      label: '3 mines/5 picks, 1/10, 10/2, 24/1',
      exact: mean(mines.map((m) => g.minesRtp(m.mineCount, m.reveals))),
    },
    plinko: {
      settings: plinko,
      label: 'all 27 tables (8–16 rows × 3 risks)',
      exact: mean(plinko.map((p) => g.plinkoRtp(p).value)),
    },
    roulette: { settings: roulette, label: 'ten bet types in turn', exact: 36 / 37 },
    slot: { settings: [null], label: 'base game with free spins', exact: g.slotRtp().value },
    crash: { settings: crash, label: 'cash-out at 1.5x, 2x, 10x', exact: mean(crash.map(g.crashRtp)) },
  };
}

/** Plays `rounds` rounds of one game; returns the sums needed for the mean and its CI. */
function simulate(g, game, rounds) {
  const { settings } = scenarios(g)[game];
  const newSeeds = () => [g.generateServerSeed(randomBytes), g.generateClientSeed(randomBytes)];
  let sum = 0;
  let sumSquares = 0;
  const record = (multiplierBp) => {
    const x = multiplierBp / 10_000;
    sum += x;
    sumSquares += x * x;
  };

  if (game === 'crash') {
    const salt = randomBytes(32).toString('hex');
    for (let played = 0; played < rounds;) {
      const chain = g.crashChain(randomBytes(32).toString('hex'), Math.min(ROUNDS_PER_SEED_PAIR, rounds - played));
      for (const gameHash of chain) {
        const point = g.crashPointHundredths(gameHash, salt);
        record(g.crashMultiplierBp(settings[played % settings.length], point));
        played += 1;
      }
    }
    return { rounds, sum, sumSquares };
  }

  // Per-setting constants, so the loop below allocates nothing per round.
  const prepared = settings.map((setting) => {
    switch (game) {
      case 'dice':
        return { ...setting, multiplierBp: g.diceMultiplierBp(setting) };
      case 'mines':
        return { ...setting, multiplierBp: g.minesMultiplierBp(setting.mineCount, setting.reveals) };
      case 'plinko':
        return { rows: setting.rows, table: g.plinkoPaytable(setting) };
      case 'roulette':
        return {
          covered: new Set(g.rouletteCoveredNumbers(setting)),
          multiplierBp: g.rouletteBetMultiplierBp(setting),
        };
      default:
        return setting;
    }
  });
  let rng;
  const sourceFor = (nonce) => rng.reset(nonce);
  let nonce = ROUNDS_PER_SEED_PAIR;
  for (let round = 0; round < rounds; round += 1) {
    if (nonce >= ROUNDS_PER_SEED_PAIR) {
      const [serverSeed, clientSeed] = newSeeds();
      rng = new g.FairRng(serverSeed, clientSeed, 0);
      nonce = 0;
    }
    const s = prepared[round % prepared.length];
    switch (game) {
      case 'dice': {
        const roll = g.diceRollHundredths(rng.reset(nonce));
        record(g.isDiceWin(s, roll) ? s.multiplierBp : 0);
        nonce += 1;
        break;
      }
      case 'limbo': {
        const result = g.limboResultHundredths(rng.reset(nonce));
        record(result >= s.targetHundredths ? s.targetHundredths * 100 : 0);
        nonce += 1;
        break;
      }
      case 'mines': {
        // The player opens tiles 0, 1, … (any fixed order is as good: the layout is uniform).
        const mines = g.minesLayout(rng.reset(nonce), s.mineCount);
        record(mines.every((tile) => tile >= s.reveals) ? s.multiplierBp : 0);
        nonce += 1;
        break;
      }
      case 'plinko':
        record(s.table[g.plinkoDropInto(rng.reset(nonce), s.rows)]);
        nonce += 1;
        break;
      case 'roulette':
        record(s.covered.has(g.roulettePocket(rng.reset(nonce))) ? s.multiplierBp : 0);
        nonce += 1;
        break;
      case 'slot': {
        const outcome = g.slotRoundWin(sourceFor, nonce);
        record(outcome.multiplierBp);
        nonce += outcome.noncesUsed;
        break;
      }
    }
  }
  return { rounds, sum, sumSquares };
}

function parseArgs(argv) {
  const options = {
    rounds: 10_000_000,
    games: ALL_GAMES,
    workers: Math.min(2, os.availableParallelism()),
    enumerate: true,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=');
    const value = () => inline ?? argv[++i];
    if (flag === '--rounds') options.rounds = Number(value());
    else if (flag === '--games') options.games = value().split(',');
    else if (flag === '--workers') options.workers = Number(value());
    else if (flag === '--no-enumerate') options.enumerate = false;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isSafeInteger(options.rounds) || options.rounds < 1)
    throw new Error('--rounds must be a positive integer');
  if (!Number.isSafeInteger(options.workers) || options.workers < 1)
    throw new Error('--workers must be a positive integer');
  const unknown = options.games.filter((game) => !ALL_GAMES.includes(game));
  if (unknown.length > 0) throw new Error(`unknown games: ${unknown.join(', ')} (known: ${ALL_GAMES.join(', ')})`);
  return options;
}

function runWorker(code, task) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { code, task } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (exitCode) => exitCode !== 0 && reject(new Error(`worker exited with ${exitCode}`)));
  });
}

/** Splits [0, total) into `parts` nearly equal ranges. */
function split(total, parts) {
  return Array.from({ length: parts }, (_, i) => [
    Math.floor((total * i) / parts),
    Math.floor((total * (i + 1)) / parts),
  ]);
}

const pct = (value, digits = 3) => `${(value * 100).toFixed(digits)}%`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const code = await bundleGames();
  const g = await importGames(code);
  const table = scenarios(g);
  console.log(
    `RTP simulation: ${options.rounds.toLocaleString('en')} rounds per game, ${options.workers} worker(s), random seed pairs rotated every ${ROUNDS_PER_SEED_PAIR.toLocaleString('en')} rounds\n`,
  );
  const header = ['game', 'rounds', 'measured RTP ± 95% CI', 'declared', 'exact (these bets)', 'bets', 'time'];
  const rows = [];
  for (const game of options.games) {
    const started = performance.now();
    const parts = await Promise.all(
      split(options.rounds, options.workers).map(([from, to]) =>
        runWorker(code, { kind: 'play', game, rounds: to - from }),
      ),
    );
    const rounds = parts.reduce((sum, part) => sum + part.rounds, 0);
    const mean = parts.reduce((sum, part) => sum + part.sum, 0) / rounds;
    const meanSquare = parts.reduce((sum, part) => sum + part.sumSquares, 0) / rounds;
    const halfWidth = 1.96 * Math.sqrt(Math.max(0, meanSquare - mean * mean) / rounds);
    const row = [
      game,
      rounds.toLocaleString('en'),
      `${pct(mean)} ± ${pct(halfWidth)}`,
      pct(g.DECLARED_RTP[game]),
      pct(table[game].exact, 4),
      table[game].label,
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    ];
    rows.push(row);
    console.log(`  ${game}: ${row[2]} (${row[6]})`);
  }

  console.log(`\n${header.join(' | ')}\n${header.map(() => '---').join(' | ')}`);
  for (const row of rows) console.log(row.join(' | '));

  if (options.games.includes('slot') && options.enumerate) {
    const started = performance.now();
    const reelOne = g.slotEngine.lengths[0];
    const parts = await Promise.all(
      split(reelOne, options.workers).map(([from, to]) => runWorker(code, { kind: 'enumerate', from, to })),
    );
    const totals = parts.reduce(
      (sum, part) => ({
        combinations: sum.combinations + part.combinations,
        lineUnits: sum.lineUnits + part.lineUnits,
        scatterBp: sum.scatterBp + part.scatterBp,
        triggers: sum.triggers + part.triggers,
      }),
      { combinations: 0n, lineUnits: 0n, scatterBp: 0n, triggers: 0n },
    );
    const walked = g.slotRtpFromEnumeration(totals);
    const formula = g.slotRtp();
    const same = walked.rtp.numerator === formula.rtp.numerator && walked.rtp.denominator === formula.rtp.denominator;
    const ratioText = (r) => `${r.numerator}/${r.denominator}`;
    const num = (r) => g.ratioToNumber(r);
    console.log(
      `\nSlot, exact by enumeration of all ${totals.combinations.toLocaleString('en')} reel-stop combinations (${((performance.now() - started) / 1000).toFixed(1)} s):`,
    );
    console.log(`  base game lines ${pct(num(walked.lines), 4)}, scatters ${pct(num(walked.scatters), 4)}`);
    console.log(
      `  free spins: triggered 1 in ${(1 / num(walked.triggerChance)).toFixed(2)} spins, ${num(walked.expectedFreeSpins).toFixed(4)} spins per award, worth ${num(walked.featureValue).toFixed(4)} stakes`,
    );
    console.log(`  RTP = ${ratioText(walked.rtp)} = ${pct(walked.value, 6)}`);
    console.log(
      `  symbol-frequency formula: ${pct(formula.value, 6)} (${same ? 'identical fraction' : 'DIFFERENT'}); declared ${pct(g.SLOT.rtp, 6)}`,
    );
    if (!same) process.exitCode = 1;
  }
}

async function work() {
  const { code, task } = workerData;
  const g = await importGames(code);
  if (task.kind === 'play') {
    parentPort.postMessage(simulate(g, task.game, task.rounds));
  } else {
    parentPort.postMessage(g.enumerateSlotStops(g.slotEngine, task.from, task.to));
  }
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  await work();
}
