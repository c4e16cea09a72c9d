import { describe, expect, it } from 'vitest';
import { fieldsMatchQuery, queryNeedle } from './query-match.js';

describe('fieldsMatchQuery', () => {
  it('matches a case-insensitive substring of role, name or value', () => {
    const needle = queryNeedle('INBOX');
    expect(fieldsMatchQuery(needle, 'link', 'Inbox (3)', undefined)).toBe(true);
    expect(fieldsMatchQuery(needle, 'textbox', 'Search', 'inbox:unread')).toBe(true);
    expect(fieldsMatchQuery(queryNeedle('butt'), 'button', '', undefined)).toBe(true);
    expect(fieldsMatchQuery(needle, 'link', 'Sent', undefined)).toBe(false);
  });

  it('never matches a field passed as undefined (a redacted name or value)', () => {
    expect(fieldsMatchQuery(queryNeedle('hunter2'), 'text', undefined, undefined)).toBe(false);
    expect(fieldsMatchQuery(queryNeedle('hunter2'), 'textbox', 'Password', undefined)).toBe(false);
  });
});
