import type { Protocol } from 'devtools-protocol';
import type { ConsoleEntry, ConsoleLevel, ConsolePage, ConsoleQuery } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import { exceptionText } from '../connection/exception-text.js';

/** Entries kept per tab (the oldest go first). */
export const CONSOLE_RING_SIZE = 1000;
/** Characters kept per entry when it arrives (bounds memory; the answer caps again). */
const STORED_TEXT_LIMIT = 4000;
/** Characters of one entry's text in an answer (VERBS.md). */
export const CONSOLE_TEXT_LIMIT = 1000;
/** Characters of one argument's preview. */
const ARGUMENT_LIMIT = 1000;

const SEVERITY: Record<ConsoleLevel, number> = { debug: 0, info: 1, log: 1, warn: 2, error: 3 };

interface Stored {
  seq: number;
  level: ConsoleLevel;
  text: string;
  time: number;
  source: 'console' | 'exception';
}

/**
 * SPEC §12 `browser_console`: a bounded ring of the tab's console messages
 * (`Runtime.consoleAPICalled`) and uncaught errors (`Runtime.exceptionThrown`), from the tab's
 * session and every out-of-process iframe session beneath it. `Runtime.enable` replays what the
 * page logged before Sightline attached. Text is formatted from the protocol's previews only —
 * nothing calls into the page to stringify an object — and never written to any log.
 */
export class ConsoleLog {
  private readonly ring: Stored[] = [];
  private nextSeq = 1;

  /** Starts listening on a session (the tab's, or an OOPIF's). */
  watch(session: CdpSession): void {
    session.on('Runtime.consoleAPICalled', (event) => this.consoleCalled(event));
    session.on('Runtime.exceptionThrown', ({ exceptionDetails, timestamp }) => this.exception(exceptionDetails, timestamp));
  }

  /** Entries after `since` of at least `level`: without `since` the newest `limit`, with it the oldest `limit`. */
  read(query: ConsoleQuery, redact: (text: string) => string): ConsolePage {
    const since = query.since ?? 0;
    const floor = query.level ? SEVERITY[query.level] : 0;
    const matching = this.ring.filter((entry) => entry.seq > since && SEVERITY[entry.level] >= floor);
    const chosen = query.since === undefined ? matching.slice(-query.limit) : matching.slice(0, query.limit);
    const last = chosen[chosen.length - 1];
    // Nothing more to page through: the next read starts after everything seen so far.
    const nextSince = chosen.length === matching.length ? Math.max(since, this.nextSeq - 1) : (last?.seq ?? since);
    return { entries: chosen.map((entry) => toEntry(entry, redact)), nextSince };
  }

  private consoleCalled(event: Protocol.Runtime.ConsoleAPICalledEvent): void {
    if (event.type === 'clear' || event.type === 'endGroup' || event.type === 'profile' || event.type === 'profileEnd') return;
    this.push(levelOf(event.type), formatArguments(event.args), event.timestamp, 'console');
  }

  private exception(details: Protocol.Runtime.ExceptionDetails, timestamp: number): void {
    const description = exceptionText(details);
    const text = description !== details.text && !description.startsWith(details.text) ? `${details.text} ${description}` : description;
    this.push('error', text, timestamp, 'exception');
  }

  private push(level: ConsoleLevel, text: string, time: number, source: Stored['source']): void {
    this.ring.push({ seq: this.nextSeq++, level, text: text.slice(0, STORED_TEXT_LIMIT), time, source });
    if (this.ring.length > CONSOLE_RING_SIZE) this.ring.splice(0, this.ring.length - CONSOLE_RING_SIZE);
  }
}

function toEntry(entry: Stored, redact: (text: string) => string): ConsoleEntry {
  // Redact before the cut, so a secret is never half shown at the end of a capped text.
  const text = redact(entry.text);
  return {
    seq: entry.seq,
    level: entry.level,
    text: text.length > CONSOLE_TEXT_LIMIT ? `${text.slice(0, CONSOLE_TEXT_LIMIT - 1)}…` : text,
    time: new Date(Number.isFinite(entry.time) && entry.time > 0 ? entry.time : Date.now()).toISOString(),
    source: entry.source,
  };
}

function levelOf(type: Protocol.Runtime.ConsoleAPICalledEvent['type']): ConsoleLevel {
  switch (type) {
    case 'debug':
      return 'debug';
    case 'info':
      return 'info';
    case 'warning':
      return 'warn';
    case 'error':
    case 'assert':
      return 'error';
    default:
      return 'log';
  }
}

/** `console.log("a %s", x, obj)` as the DevTools console prints it, from the arguments' previews. */
export function formatArguments(args: Protocol.Runtime.RemoteObject[]): string {
  const parts = args.map(argumentText);
  const first = args[0];
  if (first?.type !== 'string' || !/%[sdifoOc]/.test(String(first.value))) return parts.join(' ');
  let next = 1;
  const head = String(first.value).replace(/%([sdifoOc%])/g, (match, code: string) => {
    if (code === '%') return '%';
    if (next >= args.length) return match;
    const arg = args[next++]!;
    if (code === 'c') return '';
    if ((code === 'd' || code === 'i') && typeof arg.value === 'number') return String(Math.trunc(arg.value));
    return argumentText(arg);
  });
  return [head, ...parts.slice(next)].join(' ');
}

function argumentText(arg: Protocol.Runtime.RemoteObject): string {
  let text: string;
  if (arg.type === 'string') text = String(arg.value);
  else if (arg.unserializableValue !== undefined) text = arg.unserializableValue;
  else if (arg.type === 'undefined') text = 'undefined';
  else if (arg.subtype === 'null') text = 'null';
  else if (arg.value !== undefined && arg.type !== 'object') text = String(arg.value);
  else if (arg.preview) text = previewText(arg.preview);
  else text = arg.description ?? arg.className ?? arg.type;
  return text.length > ARGUMENT_LIMIT ? `${text.slice(0, ARGUMENT_LIMIT - 1)}…` : text;
}

function previewText(preview: Protocol.Runtime.ObjectPreview): string {
  const more = preview.overflow ? ', …' : '';
  if (preview.subtype === 'array') return `[${preview.properties.map((p) => p.value ?? p.type).join(', ')}${more}]`;
  if (preview.subtype === 'error' || preview.subtype === 'node' || preview.subtype === 'regexp' || preview.subtype === 'date') return preview.description ?? preview.type;
  const body = preview.properties.map((p) => `${p.name}: ${p.type === 'string' ? JSON.stringify(p.value ?? '') : (p.value ?? p.type)}`).join(', ');
  return `{${body}${more}}`;
}
