/** One field of an audit entry's values: before and after as text, and whether it changed. */
export type TAuditField = { field: string; before: string; after: string; changed: boolean };

const asText = (value: unknown): string =>
  value === undefined
    ? ''
    : value === null
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/** The values before and after side by side, field by field (the union of both sides' fields). */
export function auditFields(before: unknown, after: unknown): TAuditField[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const names = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return names.map((field) => {
    const was = asText(old[field]);
    const is = asText(now[field]);
    return { field, before: was, after: is, changed: was !== is };
  });
}
