import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type PlainObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Key order does not count as a change: both sides are compared in one canonical form. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}

const isSame = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The whole value, when a side is not an object (or one side is missing). */
const WHOLE = '';

/**
 * The top-level keys whose value differs between before and after: present on one side only, or
 * different. A record created or deleted has every key of the side that exists changed.
 */
export function changedKeys(before: unknown, after: unknown): Set<string> {
  const objectOrEmpty = (value: unknown) => (isPlainObject(value) ? value : {});
  if (isPlainObject(before) || isPlainObject(after)) {
    const left = objectOrEmpty(before);
    const right = objectOrEmpty(after);
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    const changed = [...keys].filter(
      (key) => !(key in left) || !(key in right) || !isSame(left[key], right[key]),
    );
    if (!isPlainObject(before) && before != null) changed.push(WHOLE);
    if (!isPlainObject(after) && after != null) changed.push(WHOLE);
    return new Set(changed);
  }
  return isSame(before ?? null, after ?? null) ? new Set() : new Set([WHOLE]);
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? String(value);
/** A nested value's lines indented under its key. */
const indented = (value: unknown) => pretty(value).replace(/\n/g, '\n  ');

const lineSx = (isChanged: boolean, side: 'before' | 'after') =>
  isChanged
    ? {
        display: 'block',
        color: 'inherit',
        bgcolor: side === 'before' ? 'rgba(211, 47, 47, 0.12)' : 'rgba(46, 125, 50, 0.14)',
        // Not by colour alone: a bar in the margin marks the changed lines too.
        boxShadow: (theme: { palette: { error: { main: string }; success: { main: string } } }) =>
          `inset 3px 0 0 ${side === 'before' ? theme.palette.error.main : theme.palette.success.main}`,
      }
    : { display: 'block' };

function Line({
  isChanged,
  side,
  children,
}: {
  isChanged: boolean;
  side: 'before' | 'after';
  children: string;
}) {
  return (
    <Box
      component={isChanged ? 'mark' : 'span'}
      data-changed={isChanged ? 'true' : undefined}
      sx={{ ...lineSx(isChanged, side), px: 1 }}
    >
      {children}
    </Box>
  );
}

function Column({
  side,
  value,
  changed,
}: {
  side: 'before' | 'after';
  value: unknown;
  changed: Set<string>;
}) {
  const headingId = useId();
  const title = side === 'before' ? 'Before' : 'After';
  let body;
  if (value === null || value === undefined) {
    body = (
      <Typography color="text.secondary" sx={{ px: 1, py: 1 }}>
        {side === 'before' ? 'Nothing: the record did not exist yet.' : 'Nothing: the record was removed.'}
      </Typography>
    );
  } else if (isPlainObject(value)) {
    const keys = Object.keys(value);
    body = (
      <Box component="pre" sx={preSx}>
        <Line isChanged={false} side={side}>
          {keys.length ? '{' : '{}'}
        </Line>
        {keys.map((key, index) => (
          <Line key={key} isChanged={changed.has(key)} side={side}>
            {`  ${JSON.stringify(key)}: ${indented(value[key])}${index < keys.length - 1 ? ',' : ''}`}
          </Line>
        ))}
        {keys.length > 0 && (
          <Line isChanged={false} side={side}>
            {'}'}
          </Line>
        )}
      </Box>
    );
  } else {
    body = (
      <Box component="pre" sx={preSx}>
        <Line isChanged={changed.has(WHOLE)} side={side}>
          {pretty(value)}
        </Line>
      </Box>
    );
  }
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle2"
        sx={{ px: 1.5, py: 1, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}
      >
        {title}
      </Typography>
      {body}
    </Box>
  );
}

const preSx = {
  m: 0,
  py: 1,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
  lineHeight: 1.5,
  // Wraps instead of scrolling sideways, so a 375 px screen shows every value.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/**
 * A record before and after a change, side by side (stacked on phones), pretty-printed, with the
 * keys that changed highlighted on both sides.
 */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedKeys(before, after);
  const named = [...changed].filter((key) => key !== WHOLE);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {named.length
          ? `Changed: ${named.join(', ')}`
          : changed.size
            ? 'The value changed.'
            : 'Nothing changed.'}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Column side="before" value={before} changed={changed} />
        <Column side="after" value={after} changed={changed} />
      </Box>
    </Box>
  );
}
