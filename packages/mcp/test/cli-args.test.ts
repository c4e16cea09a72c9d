import { describe, expect, test } from 'vitest';
import { DEFAULT_HTTP_PORT, hasBearerToken, isLoopbackOrigin, parseCliArgs } from '../src/index.js';

describe('parseCliArgs', () => {
  test('stdio by default', () => {
    expect(parseCliArgs([])).toEqual({ help: false, version: false, http: undefined, token: undefined });
  });
  test('--http with and without a port, --token, env token', () => {
    expect(parseCliArgs(['--http']).http).toBe(DEFAULT_HTTP_PORT);
    expect(parseCliArgs(['--http', '9000']).http).toBe(9000);
    expect(parseCliArgs(['--http=0']).http).toBe(0);
    expect(parseCliArgs(['--http', '--token', 'abcdefghijklmnopq']).token).toBe('abcdefghijklmnopq');
    expect(parseCliArgs(['--http'], { SIGHTLINE_MCP_TOKEN: 'from-the-environment' }).token).toBe('from-the-environment');
  });
  test('bad arguments throw', () => {
    expect(() => parseCliArgs(['--http', '70000'])).toThrow(/port/);
    expect(() => parseCliArgs(['--token'])).toThrow(/value/);
    expect(() => parseCliArgs(['--token', 'short'])).toThrow(/16/);
    expect(() => parseCliArgs(['--bogus'])).toThrow(/unknown/);
  });
});

describe('loopback guard', () => {
  test('origins', () => {
    for (const origin of ['http://127.0.0.1:8931', 'http://localhost', 'https://localhost:3000', 'http://[::1]:1', 'http://127.1.2.3']) {
      expect(isLoopbackOrigin(origin), origin).toBe(true);
    }
    for (const origin of ['null', 'https://example.com', 'http://localhost.example.com', 'file://', 'http://10.0.0.1', 'chrome-extension://abc']) {
      expect(isLoopbackOrigin(origin), origin).toBe(false);
    }
  });
  test('bearer tokens', () => {
    expect(hasBearerToken('Bearer abc', 'abc')).toBe(true);
    expect(hasBearerToken('bearer abc', 'abc')).toBe(true);
    expect(hasBearerToken('Bearer abcd', 'abc')).toBe(false);
    expect(hasBearerToken(undefined, 'abc')).toBe(false);
    expect(hasBearerToken('abc', 'abc')).toBe(false);
  });
});
