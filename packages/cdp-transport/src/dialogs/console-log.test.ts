import { describe, expect, it } from 'vitest';
import { CONSOLE_RING_SIZE, CONSOLE_TEXT_LIMIT, ConsoleLog, formatArguments } from './console-log.js';
import type { CdpSession } from '../connection/cdp-session.js';

/** A session stand-in that only records listeners, so the test can fire protocol events. */
function fakeSession() {
  const handlers = new Map<string, (params: unknown) => void>();
  const session = { on: (event: string, handler: (params: unknown) => void) => (handlers.set(event, handler), () => undefined) } as unknown as CdpSession;
  return { session, fire: (event: string, params: unknown) => handlers.get(event)!(params) };
}

const log = (type: string, text: string) => ({ type, args: [{ type: 'string', value: text }], executionContextId: 1, timestamp: 1_700_000_000_000 });

describe('ConsoleLog', () => {
  it('formats arguments like the DevTools console (specifiers, previews, primitives)', () => {
    expect(formatArguments([{ type: 'string', value: 'a %s b %d%%' }, { type: 'string', value: 'x' }, { type: 'number', value: 2.7 }, { type: 'boolean', value: true }])).toBe('a x b 2% true');
    expect(formatArguments([{ type: 'object', subtype: 'null', value: null }, { type: 'undefined' }, { type: 'number', unserializableValue: 'NaN' }])).toBe('null undefined NaN');
    expect(formatArguments([{ type: 'object', preview: { type: 'object', overflow: false, properties: [{ name: 'a', type: 'number', value: '1' }, { name: 's', type: 'string', value: 'q' }] } }])).toBe('{a: 1, s: "q"}');
    expect(formatArguments([{ type: 'string', value: '%cstyled' }, { type: 'string', value: 'color:red' }])).toBe('styled');
  });

  it('levels, since, limit (newest without since, oldest after since), redaction before the cap, a bounded ring', () => {
    const { session, fire } = fakeSession();
    const ring = new ConsoleLog();
    ring.watch(session);
    fire('Runtime.consoleAPICalled', log('debug', 'd'));
    fire('Runtime.consoleAPICalled', log('warning', 'w'));
    fire('Runtime.consoleAPICalled', log('log', `secret=${'s3cr3t'} ${'x'.repeat(2000)}`));
    fire('Runtime.exceptionThrown', { timestamp: 1_700_000_000_000, exceptionDetails: { text: 'Uncaught', exception: { type: 'object', description: 'Error: boom' }, exceptionId: 1, lineNumber: 0, columnNumber: 0 } });
    const redact = (text: string) => text.replaceAll('s3cr3t', '[redacted]');
    const all = ring.read({ limit: 50 }, redact);
    expect(all.entries.map((e) => [e.seq, e.level, e.source])).toEqual([[1, 'debug', 'console'], [2, 'warn', 'console'], [3, 'log', 'console'], [4, 'error', 'exception']]);
    expect(all.entries[2]!.text.startsWith('secret=[redacted] ')).toBe(true);
    expect(all.entries[2]!.text.length).toBe(CONSOLE_TEXT_LIMIT);
    expect(all.entries[3]!.text).toBe('Uncaught Error: boom');
    expect(all.nextSince).toBe(4);
    expect(ring.read({ limit: 50, level: 'warn' }, redact).entries.map((e) => e.seq)).toEqual([2, 4]);
    expect(ring.read({ limit: 2 }, redact).entries.map((e) => e.seq)).toEqual([3, 4]);
    const page = ring.read({ since: 0, limit: 2 }, redact);
    expect([page.entries.map((e) => e.seq), page.nextSince]).toEqual([[1, 2], 2]);
    expect(ring.read({ since: 4, limit: 5 }, redact)).toEqual({ entries: [], nextSince: 4 });
    for (let i = 0; i < CONSOLE_RING_SIZE + 10; i += 1) fire('Runtime.consoleAPICalled', log('log', `n${i}`));
    const kept = ring.read({ since: 0, limit: 1 }, redact);
    expect(kept.entries[0]!.seq).toBe(4 + 10 + 1);
  });

  it('an uncaught thrown primitive reads like an Error does: the protocol text, then the value', () => {
    const { session, fire } = fakeSession();
    const ring = new ConsoleLog();
    ring.watch(session);
    const thrown = (exception: Record<string, unknown> | undefined) =>
      fire('Runtime.exceptionThrown', { timestamp: 1_700_000_000_000, exceptionDetails: { text: 'Uncaught', exception, exceptionId: 1, lineNumber: 0, columnNumber: 0 } });
    thrown({ type: 'string', value: 'boom' });
    thrown({ type: 'number', value: 42, description: '42' });
    thrown({ type: 'number', value: 7 });
    thrown(undefined);
    expect(ring.read({ limit: 10 }, (text) => text).entries.map((e) => e.text)).toEqual(['Uncaught boom', 'Uncaught 42', 'Uncaught 7', 'Uncaught']);
  });
});
