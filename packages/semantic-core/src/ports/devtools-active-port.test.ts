import { describe, expect, it } from 'vitest';
import { parseDevToolsActivePort } from '../index.js';

describe('parseDevToolsActivePort', () => {
  it('reads the port and the browser path, with LF or CRLF endings', () => {
    expect(parseDevToolsActivePort('34055\n/devtools/browser/2e32658f')).toEqual({ port: 34055, path: '/devtools/browser/2e32658f' });
    expect(parseDevToolsActivePort('9222\r\n/devtools/browser/abc\r\n')).toEqual({ port: 9222, path: '/devtools/browser/abc' });
  });

  it('answers null for anything else', () => {
    for (const text of ['', '9222', '9222\n', '0\n/devtools/browser/x', '70000\n/devtools/browser/x', 'port\n/devtools/browser/x', '9222\n/json/version']) {
      expect(parseDevToolsActivePort(text)).toBeNull();
    }
  });
});
