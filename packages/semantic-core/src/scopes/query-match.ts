/**
 * SPEC §4 `query` on plain fields: a case-insensitive substring of the role, the name or the value.
 * Pass `undefined` for a field that must not match (a redacted text's name, a redacted value), so
 * a query cannot probe a secret. Page-safe: the page's collector pre-selects query hits with it.
 */
export function fieldsMatchQuery(needle: string, role: string, name: string | undefined, value: string | undefined): boolean {
  return (
    role.toLocaleLowerCase().includes(needle) ||
    (name !== undefined && name.toLocaleLowerCase().includes(needle)) ||
    (value !== undefined && value.toLocaleLowerCase().includes(needle))
  );
}

/** The needle `fieldsMatchQuery` compares with: the query, lower-cased once. */
export function queryNeedle(query: string): string {
  return query.toLocaleLowerCase();
}
