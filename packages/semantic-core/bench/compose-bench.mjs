// Compose benchmark (SPEC §8): a default snapshot of a synthetic inbox at 25k / 50k / 100k nodes.
// Runs against dist (build first). Each run = classifyPage + rank + composeSnapshot with a trivial
// namer, as the Driver does for a full capture. Prints median/min/max ms and the memory a
// classified page holds, which should grow linearly with the node count; then, from separate
// runs that do not feed the timings above, the median of each phase.
import v8 from 'node:v8';
import vm from 'node:vm';
import os from 'node:os';
import { classifyPage, composeSnapshot, defaultComposeOptions, viewportCandidates } from '../dist/index.js';
import { syntheticInbox } from '../dist/testing/index.js';

// A callable gc() without asking for a node flag, so heap deltas measure what is held, not garbage.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

const RUNS = 10;
const TARGET_MS = 50;
const SIZES = [25_000, 50_000, 100_000];

const namer = {
  snapshotPrefix: 'p1',
  elementNumber: (node) => Number(node.handle.slice(4)) + 1,
  frameLabel: (frame) => (frame.ownerNode === null ? 'main' : 'f1'),
};

function composeOnce(capture) {
  const page = classifyPage(capture);
  const snapshot = composeSnapshot(page, page.nodes, viewportCandidates(page), defaultComposeOptions(), namer);
  return { page, snapshot };
}

function gc() {
  collect();
}

function heapHeldBy(make) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = make();
  gc();
  const after = process.memoryUsage().heapUsed;
  return { held, bytes: after - before };
}

/** Bytes of the typed arrays (outside the JS heap) a classified page's table holds. */
function tableBytes(page) {
  const buffers = new Set(Object.values(page.table ?? {}).filter(ArrayBuffer.isView).map((column) => column.buffer));
  return [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0);
}

const mb = (bytes) => +(bytes / 2 ** 20).toFixed(1);

/** Median ms of each phase of composeOnce, timed apart (detail only; the table times composeOnce whole). */
function phases(capture) {
  const times = { classify: [], candidates: [], compose: [] };
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    const page = classifyPage(capture);
    times.classify.push(performance.now() - start);
    start = performance.now();
    const universe = page.nodes;
    const candidates = viewportCandidates(page);
    times.candidates.push(performance.now() - start);
    start = performance.now();
    composeSnapshot(page, universe, candidates, defaultComposeOptions(), namer);
    times.compose.push(performance.now() - start);
  }
  return Object.fromEntries(Object.entries(times).map(([phase, values]) => [`${phase}_ms`, +medianOf(values).toFixed(2)]));
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
}

console.log(`node ${process.version}, ${os.cpus().length} cpus, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const rows = [];
const phaseRows = [];
for (const elements of SIZES) {
  const { held: capture, bytes: captureBytes } = heapHeldBy(() => syntheticInbox({ elements, hiddenControls: 300 }));
  for (let i = 0; i < 3; i++) composeOnce(capture); // warm-up
  const times = [];
  const cpuTimes = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    last = composeOnce(capture);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const median = medianOf(times);
  times.sort((a, b) => a - b);
  const page = heapHeldBy(() => classifyPage(capture));
  const heapUsed = process.memoryUsage().heapUsed;
  // The same page once every node has been made (as a caller iterating page.nodes would).
  const whole = heapHeldBy(() => {
    const made = classifyPage(capture);
    made.nodes.forEach(() => {});
    return made;
  });
  phaseRows.push({ nodes: capture.nodes.length, ...phases(capture) });
  rows.push({
    nodes: capture.nodes.length,
    median_ms: +median.toFixed(2),
    min_ms: +times[0].toFixed(2),
    // CPU time of the process (includes GC helper threads); less disturbed by other load than wall time.
    cpu_median_ms: +medianOf(cpuTimes).toFixed(2),
    max_ms: +times[RUNS - 1].toFixed(2),
    capture_heap_mb: mb(captureBytes),
    classified_heap_mb: mb(page.bytes),
    // Typed arrays live outside the JS heap: the classification table of the page.
    classified_arrays_mb: mb(tableBytes(page.held)),
    all_nodes_made_mb: mb(whole.bytes + tableBytes(whole.held)),
    heap_used_mb: mb(heapUsed),
    selected: last.snapshot.selected_nodes,
    total: last.snapshot.total_nodes,
    css_hidden: last.snapshot.omitted.css_hidden,
  });
}

console.table(rows);
console.table(phaseRows);
const largest = rows[rows.length - 1];
const verdict = largest.median_ms <= TARGET_MS ? 'within' : 'OVER';
console.log(`median at ${largest.nodes} nodes: ${largest.median_ms} ms (${verdict} the ${TARGET_MS} ms target)`);
