import { z } from 'zod';

/**
 * Default validation texts, written to follow a field label ("Email is required"). The server's
 * error handler prefixes the label of any lower-case message; a message that starts upper-case
 * is a complete sentence from a contract (SPEC.md texts) and is shown exactly as written.
 */
type RawIssue = Parameters<NonNullable<z.core.$ZodErrorMap>>[0];

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

function describeLimit(issue: RawIssue, bound: 'at least' | 'at most'): string {
  const limit = String(
    ('minimum' in issue ? issue.minimum : undefined) ?? ('maximum' in issue ? issue.maximum : ''),
  );
  const origin = 'origin' in issue ? issue.origin : undefined;
  if (origin === 'string') {
    if (bound === 'at least' && limit === '1') return 'is required';
    return `must be ${bound} ${limit} characters`;
  }
  if (origin === 'array' || origin === 'set') return `must have ${bound} ${limit} items`;
  return `must be ${bound} ${limit}`;
}

export function friendlyMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${article(issue.expected === 'int' ? 'whole number' : issue.expected)}`;
    case 'too_small':
      return describeLimit(issue, 'at least');
    case 'too_big':
      return describeLimit(issue, 'at most');
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'must be a valid id';
      if (issue.format === 'date' || issue.format === 'datetime') return 'must be a valid date';
      return 'has an invalid format';
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return 'is invalid';
  }
}

z.config({ customError: friendlyMessage });

/** Turns a validation issue's path and message into one sentence for the error body. */
export function issueText(path: readonly PropertyKey[], message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const field = path.filter((part) => typeof part === 'string').at(-1);
  // SPEC's `__v` is the record's version to the person reading the message.
  const label =
    field === '__v'
      ? 'version'
      : field
        ? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
        : 'request';
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} ${message}`;
}
