import { CdpSession } from '@sightline/cdp-transport';

interface Call {
  method: string;
  /** For `Runtime.callFunctionOn` of the collector: which `__sightline` method it called. */
  detail: string;
  start: number;
  end: number;
}

/** Which part of a capture a CDP method belongs to. */
export function phaseOf(method: string): string {
  if (method === 'Runtime.callFunctionOn' || method === 'Runtime.getProperties') return 'in_page_walk';
  if (method.startsWith('Accessibility.')) return 'ax_enrichment';
  if (method.startsWith('DOM.')) return 'dom_describe';
  if (method.startsWith('Page.createIsolatedWorld') || method.startsWith('Page.getFrameTree')) return 'world_setup';
  return 'other';
}

/**
 * Time every CDP command Sightline's transport sends while `run` executes, by wrapping
 * `CdpSession.prototype.send` (only during the profiling pass, never during timed runs).
 * Returns, per phase, the wall time covered by its calls (overlaps counted once) and the count.
 */
export async function profileCdpCalls<T>(
  run: () => Promise<T>,
): Promise<{ value: T; phases: Record<string, { wall_ms: number; calls: number }>; methods: Record<string, { wall_ms: number; calls: number }> }> {
  const calls: Call[] = [];
  const prototype = CdpSession.prototype as unknown as { send: (...args: unknown[]) => Promise<unknown> };
  const original = prototype.send;
  prototype.send = function (this: unknown, ...args: unknown[]): Promise<unknown> {
    const method = String(args[0]);
    // Every collector call goes through one dispatcher (src/page-call/): the method name is its first argument.
    const params = args[1] as { functionDeclaration?: unknown; arguments?: Array<{ value?: unknown }> } | undefined;
    const named = params?.arguments?.[0]?.value;
    const collector = typeof params?.functionDeclaration === 'string' && params.functionDeclaration.includes('__sightline') && typeof named === 'string' ? named : undefined;
    const call: Call = { method, detail: collector ? `${method}:${collector}` : method, start: performance.now(), end: 0 };
    calls.push(call);
    const settle = (): void => {
      call.end = performance.now();
    };
    const pending = original.apply(this, args);
    pending.then(settle, settle);
    return pending;
  };
  let value: T;
  try {
    value = await run();
  } finally {
    prototype.send = original;
  }
  const byPhase = new Map<string, Call[]>();
  for (const call of calls) {
    const phase = phaseOf(call.method);
    byPhase.set(phase, [...(byPhase.get(phase) ?? []), call]);
  }
  const phases: Record<string, { wall_ms: number; calls: number }> = {};
  for (const [phase, list] of byPhase) phases[phase] = { wall_ms: round(unionLength(list)), calls: list.length };
  const byMethod = new Map<string, Call[]>();
  for (const call of calls) byMethod.set(call.detail, [...(byMethod.get(call.detail) ?? []), call]);
  const methods: Record<string, { wall_ms: number; calls: number }> = {};
  for (const [detail, list] of byMethod) methods[detail] = { wall_ms: round(unionLength(list)), calls: list.length };
  return { value, phases, methods };
}

function unionLength(calls: Call[]): number {
  const intervals = calls.map((call) => [call.start, call.end || call.start] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let currentStart = -1;
  let currentEnd = -1;
  for (const [start, end] of intervals) {
    if (start > currentEnd) {
      if (currentEnd > currentStart) total += currentEnd - currentStart;
      currentStart = start;
      currentEnd = end;
    } else if (end > currentEnd) {
      currentEnd = end;
    }
  }
  if (currentEnd > currentStart) total += currentEnd - currentStart;
  return total;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Machine-speed reference: the cheapest full classification pass one can write — one
 * `getComputedStyle` and one `getBoundingClientRect` per element, in page, nothing shipped — timed
 * inside the page (median of 3). Sightline's in-page walk does more per element, but on the same
 * machine and load it should stay within a small factor of this.
 */
export async function referenceWalk(port: number, targetId: string): Promise<number> {
  const { default: CDP } = await import('chrome-remote-interface');
  const client = await CDP({ host: '127.0.0.1', port, target: targetId, local: true });
  try {
    const expression = `(() => { const t0 = performance.now(); let k = 0; for (const el of document.getElementsByTagName('*')) { const s = getComputedStyle(el); const r = el.getBoundingClientRect(); if (s.display !== 'none' && r.width > 0) k += 1; } return performance.now() - t0; })()`;
    const samples: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const { result } = await client.Runtime.evaluate({ expression, returnByValue: true });
      samples.push(Number(result.value));
    }
    samples.sort((a, b) => a - b);
    return round(samples[1] ?? 0);
  } finally {
    await client.close();
  }
}
