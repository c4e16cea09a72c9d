import { describe, expect, it } from 'vitest';
import { urlMatches } from './url-pattern.js';

describe('urlMatches', () => {
  it('matches a plain pattern as a substring', () => {
    expect(urlMatches('/done', 'http://127.0.0.1:4000/wait/done?x=1')).toBe(true);
    expect(urlMatches('/done', 'http://127.0.0.1:4000/wait')).toBe(false);
  });

  it('matches a glob over the whole URL, * spanning slashes', () => {
    expect(urlMatches('*/wait/*', 'http://127.0.0.1:4000/wait/done')).toBe(true);
    expect(urlMatches('http://*/done', 'http://127.0.0.1:4000/a/b/done')).toBe(true);
    expect(urlMatches('*/done', 'http://127.0.0.1:4000/done?x=1')).toBe(false);
    expect(urlMatches('*?q=a.b*', 'http://h/p?q=a.b&z')).toBe(true);
    expect(urlMatches('*?q=a.b*', 'http://h/p?q=axb&z')).toBe(false);
  });
});
