/**
 * zod's own messages ("Too small: expected number to be >=0") in words a shop owner reads: "VAT rate must
 * be 0 or more", named after the field. A schema's own `error` still wins; this is only the fallback.
 * Installed once for every schema (common.ts imports it), on the server and in the browser alike.
 */
import { z } from 'zod';
import { formatNumber } from '../money/money.ts';

const WORDS: Record<string, string> = { vat: 'VAT', id: 'ID', url: 'URL', md: 'MD', pdf: 'PDF' };

/** `vat_rate` → "VAT rate", `items[1].quantity` → "Item 2: Quantity". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  const words = (key ?? 'value')
    .split(/[_\s]+/)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const label = words.join(' ');
  const named = label.charAt(0).toUpperCase() + label.slice(1);
  const indexAt = path.findIndex((part) => typeof part === 'number');
  const list = indexAt > 0 ? path[indexAt - 1] : undefined;
  if (typeof list !== 'string' || indexAt === path.length - 1) return named;
  const singular = fieldLabel([list]).replace(/s$/, '');
  return `${singular} ${Number(path[indexAt]) + 1}: ${named}`;
}

const amount = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value));

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

type TIssue = z.core.$ZodRawIssue;

export function humanMessage(issue: TIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${amount(issue.minimum)} characters`;
      if (issue.origin === 'array') return `${label} needs at least ${amount(issue.minimum)}`;
      return issue.inclusive
        ? `${label} must be ${amount(issue.minimum)} or more`
        : `${label} must be more than ${amount(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be at most ${amount(issue.maximum)} characters`;
      if (issue.origin === 'array') return `${label} can have at most ${amount(issue.maximum)}`;
      return issue.inclusive
        ? `${label} must be at most ${amount(issue.maximum)}`
        : `${label} must be less than ${amount(issue.maximum)}`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${label} is not in the right format`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ customError: humanMessage });
