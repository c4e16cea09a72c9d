import { describe, expect, it } from 'vitest';
import { parseDevToolsActivePort } from '../src/index.js';

describe('parseDevToolsActivePort', () => {
  it('reads the port line and the browser path line', () => {
    expect(parseDevToolsActivePort('34055\n/devtools/browser/2e32658f-fd21-4abf-a8af-da1993d3a149')).toEqual({
      port: 34055,
      path: '/devtools/browser/2e32658f-fd21-4abf-a8af-da1993d3a149',
    });
    expect(parseDevToolsActivePort('9222\r\n/devtools/browser/abc\r\n')).toEqual({ port: 9222, path: '/devtools/browser/abc' });
  });

  it('refuses incomplete or foreign content', () => {
    expect(parseDevToolsActivePort('')).toBeNull();
    expect(parseDevToolsActivePort('9222\n')).toBeNull();
    expect(parseDevToolsActivePort('0\n/devtools/browser/x')).toBeNull();
    expect(parseDevToolsActivePort('70000\n/devtools/browser/x')).toBeNull();
    expect(parseDevToolsActivePort('port\n/devtools/browser/x')).toBeNull();
    expect(parseDevToolsActivePort('9222\n/json/version')).toBeNull();
  });
});
