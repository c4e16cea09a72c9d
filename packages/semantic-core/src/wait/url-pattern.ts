/**
 * The `url` condition of `browser_wait` (SPEC §12): a pattern without `*` matches when the URL
 * contains it; a pattern with `*` is a glob over the whole URL where each `*` stands for any run of
 * characters (slashes included). Pure, so the transport and tests share one rule.
 */
export function urlMatches(pattern: string, url: string): boolean {
  if (!pattern.includes('*')) return url.includes(pattern);
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(url);
}
