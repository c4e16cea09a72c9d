/**
 * The daemon's wire protocol: newline-delimited JSON over a unix socket. One request per line,
 * one response per line, matched by `id`. A connection may carry several requests.
 */
export const PROTOCOL_VERSION = 1;

export const DAEMON_OPS = [
  'ping',
  'open',
  'bind',
  'tabs',
  'windows',
  'snapshot',
  'click',
  'type',
  'select',
  'scroll',
  'press',
  'navigate',
  'screenshot',
  'dialog',
  'console',
  'close',
  'shutdown',
  // SPEC §12 pointer verbs (`dblclick` is `click` with double).
  'hover',
  'drag',
  'upload',
  'wait',
  // Issue 16: `snapshot <url> --warm`, answered from the daemon's warm browser (warm-one-shot.ts).
  'one_shot',
] as const;
export type DaemonOp = (typeof DAEMON_OPS)[number];

/**
 * The daemon session whose managed browser serves `sightline snapshot <url> --warm` (issue 16).
 * Requests of one session run one at a time, so warm one-shots queue behind each other.
 */
export const WARM_ONE_SHOT_SESSION = 'sightline-warm-one-shot';

export interface DaemonRequest {
  v: number;
  id: string;
  session: string;
  op: DaemonOp;
  params: Record<string, unknown>;
}

export interface DaemonResponse {
  id: string;
  /** A Driver response, a Failure, or one of the daemon's own ok results. */
  result: unknown;
  /** The daemon's own time for the request (ms): from reading its line to writing this answer. */
  handled_ms?: number;
}

export function isDaemonOp(value: unknown): value is DaemonOp {
  return typeof value === 'string' && (DAEMON_OPS as readonly string[]).includes(value);
}

/** Parses one request line; returns a message saying what is wrong instead of throwing. */
export function parseRequestLine(line: string): DaemonRequest | { invalid: string; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'the request is not JSON', id: '' };
  }
  if (typeof value !== 'object' || value === null) return { invalid: 'the request is not an object', id: '' };
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' ? record.id : '';
  if (record.v !== PROTOCOL_VERSION) {
    return { invalid: `protocol version ${String(record.v)} is not ${PROTOCOL_VERSION}; run sightline close --all and retry`, id };
  }
  if (!isDaemonOp(record.op)) return { invalid: `unknown operation ${String(record.op)}`, id };
  if (typeof record.session !== 'string') return { invalid: 'session must be a string', id };
  const params = typeof record.params === 'object' && record.params !== null ? (record.params as Record<string, unknown>) : {};
  return { v: PROTOCOL_VERSION, id, session: record.session, op: record.op, params };
}

/** Splits a byte stream into lines; keeps the unfinished tail for the next chunk. */
export class LineSplitter {
  private buffer = '';

  push(chunk: string): string[] {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    return lines.filter((line) => line.trim().length > 0);
  }
}
