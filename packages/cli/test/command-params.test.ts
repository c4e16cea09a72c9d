import { describe, expect, it } from 'vitest';
import {
  bindParams,
  clickParams,
  dragParams,
  hoverParams,
  uploadParams,
  navigateParams,
  normalizeUrl,
  openParams,
  parseViewport,
  scrollParams,
  selectParams,
  snapshotParams,
  typeParams,
} from '../src/mapping/command-params.js';
import { UsageError } from '../src/mapping/usage-error.js';

describe('snapshotParams', () => {
  it('defaults to semantic_v2 and sends only the options given', () => {
    expect(snapshotParams({})).toEqual({ snapshot_format: 'semantic_v2' });
  });

  it('maps every flag to its contract field', () => {
    expect(
      snapshotParams({ query: 'Reply', interactive: true, depth: 4, budget: 50, maxChars: 2000, format: 'v2', boxes: true }),
    ).toEqual({
      snapshot_format: 'semantic_v2',
      query: 'Reply',
      interactive_only: true,
      max_depth: 4,
      node_budget: 50,
      max_chars: 2000,
      include_boxes: true,
    });
    expect(snapshotParams({ scope: '@p2:14' })).toEqual({ snapshot_format: 'semantic_v2', scope_ref: '@p2:14' });
    expect(snapshotParams({ more: true })).toEqual({ snapshot_format: 'semantic_v2', more: true });
    expect(snapshotParams({ diff: true })).toEqual({ snapshot_format: 'semantic_v2', diff: true });
    expect(snapshotParams({ format: 'v1' })).toEqual({ snapshot_format: 'dom_refs_v1' });
  });

  it('refuses two read scopes and unknown formats as usage errors', () => {
    expect(() => snapshotParams({ query: 'a', more: true })).toThrow(UsageError);
    expect(() => snapshotParams({ scope: 'p1:2', diff: true })).toThrow(/at most one/);
    expect(() => snapshotParams({ format: 'v3' })).toThrow(/v2 or v1/);
  });
});

describe('action params', () => {
  it('type keeps flags only when set', () => {
    expect(typeParams('@p3:8', 'hi', {})).toEqual({ ref: '@p3:8', text: 'hi' });
    expect(typeParams('p3:8', 'hi', { replace: true, submit: true })).toEqual({ ref: 'p3:8', text: 'hi', replace: true, submit: true });
  });

  it('select needs a value', () => {
    expect(selectParams('p1:2', ['a', 'b'])).toEqual({ ref: 'p1:2', values: ['a', 'b'] });
    expect(() => selectParams('p1:2', [])).toThrow(UsageError);
  });

  it('scroll takes an optional ref, a direction and an optional amount', () => {
    expect(scrollParams(['down'])).toEqual({ direction: 'down' });
    expect(scrollParams(['up', '300'])).toEqual({ direction: 'up', amount: 300 });
    expect(scrollParams(['@p4:30', 'left', '600'])).toEqual({ ref: '@p4:30', direction: 'left', amount: 600 });
    expect(() => scrollParams(['sideways'])).toThrow(/neither a ref/);
    expect(() => scrollParams(['p4:30'])).toThrow(/give a direction/);
    expect(() => scrollParams(['down', 'far'])).toThrow(/whole number/);
    expect(() => scrollParams(['down', '10', 'extra'])).toThrow(/unexpected argument/);
  });

  it('navigate tells history moves from URLs', () => {
    expect(navigateParams('back')).toEqual({ history: 'back' });
    expect(navigateParams('reload')).toEqual({ history: 'reload' });
    expect(navigateParams('example.com/a')).toEqual({ url: 'https://example.com/a' });
  });
});

describe('open and bind', () => {
  it('open normalizes the URL and maps --headed and --viewport', () => {
    expect(openParams('http://127.0.0.1:8080/', {})).toEqual({ url: 'http://127.0.0.1:8080/' });
    expect(openParams('localhost:3000', { headed: true, viewport: '1440x900' })).toEqual({
      url: 'http://localhost:3000',
      headless: false,
      viewport: { width: 1440, height: 900 },
    });
    expect(() => parseViewport('big')).toThrow(/1280x800/);
  });

  it('bind takes --cdp, or --pid with --window', () => {
    expect(bindParams({ cdp: 'http://127.0.0.1:9222' })).toEqual({ cdp_url: 'http://127.0.0.1:9222' });
    expect(bindParams({ pid: 42, window: '123' })).toEqual({ pid: 42, window_id: 123 });
    expect(bindParams({ pid: 42, window: '0x3a00007' })).toEqual({ pid: 42, window_id: '0x3a00007' });
    expect(() => bindParams({ pid: 42 })).toThrow(/--window/);
    expect(() => bindParams({ cdp: 'ws://x', pid: 1 })).toThrow(/not both/);
  });

  it('normalizeUrl keeps schemes and adds one to bare hosts', () => {
    expect(normalizeUrl('about:blank')).toBe('about:blank');
    expect(normalizeUrl('file:///tmp/a.html')).toBe('file:///tmp/a.html');
    expect(normalizeUrl('example.com')).toBe('https://example.com');
    expect(normalizeUrl('127.0.0.1:9000/x')).toBe('http://127.0.0.1:9000/x');
  });
});

describe('SPEC §12 pointer and keyboard verbs', () => {
  it('click maps --double, --button and --modifiers; a plain click is only the ref', () => {
    expect(clickParams('@p3:8')).toEqual({ ref: '@p3:8' });
    expect(clickParams('p3:8', { double: true })).toEqual({ ref: 'p3:8', double: true });
    expect(clickParams('p3:8', { button: 'Right' })).toEqual({ ref: 'p3:8', button: 'right' });
    expect(clickParams('p3:8', { button: 'left' })).toEqual({ ref: 'p3:8' });
    expect(clickParams('p3:8', { modifiers: 'shift,Control' })).toEqual({ ref: 'p3:8', modifiers: ['Shift', 'Control'] });
    expect(clickParams('p3:8', { modifiers: 'Ctrl+Shift+ctrl' })).toEqual({ ref: 'p3:8', modifiers: ['Control', 'Shift'] });
    expect(clickParams('p3:8', { double: true, button: 'middle', modifiers: 'Alt' })).toEqual({ ref: 'p3:8', double: true, button: 'middle', modifiers: ['Alt'] });
    expect(() => clickParams('p3:8', { button: 'back' })).toThrow(/left, right or middle/);
    expect(() => clickParams('p3:8', { modifiers: 'Hyper' })).toThrow(UsageError);
    expect(() => clickParams('p3:8', { modifiers: ',' })).toThrow(/at least one/);
  });

  it('type --keys is keystrokes: true', () => {
    expect(typeParams('p3:8', 'ap', { keys: true })).toEqual({ ref: 'p3:8', text: 'ap', keystrokes: true });
    expect(typeParams('p3:8', 'ap', { keys: false, submit: true })).toEqual({ ref: 'p3:8', text: 'ap', submit: true });
  });

  it('hover and drag take refs as given', () => {
    expect(hoverParams('@p3:8')).toEqual({ ref: '@p3:8' });
    expect(dragParams('p3:8', '@p3:9')).toEqual({ ref: 'p3:8', to_ref: '@p3:9' });
  });

  it('upload resolves every path with the given resolver and needs one', () => {
    const resolveFrom = (path: string) => (path.startsWith('/') ? path : `/home/me/${path}`);
    expect(uploadParams('p3:8', ['a.txt', '/tmp/b.png', '../c'], resolveFrom)).toEqual({ ref: 'p3:8', paths: ['/home/me/a.txt', '/tmp/b.png', '/home/me/../c'] });
    expect(() => uploadParams('p3:8', [], resolveFrom)).toThrow(UsageError);
  });
});
