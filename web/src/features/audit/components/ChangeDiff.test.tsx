import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { ChangeDiff, changedKeys } from './ChangeDiff.tsx';

const renderDiff = (before: unknown, after: unknown) =>
  render(
    <ThemeProvider theme={theme}>
      <ChangeDiff before={before} after={after} />
    </ThemeProvider>,
  );

const column = (name: 'Before' | 'After') => screen.getByRole('region', { name });
/** The highlighted lines of a column, by the key they show. */
const highlighted = (name: 'Before' | 'After') =>
  Array.from(column(name).querySelectorAll('mark')).map(
    (mark) => /^\s*"([^"]+)"/.exec(mark.textContent ?? '')?.[1],
  );

describe('ChangeDiff', () => {
  it('shows before and after side by side, pretty-printed, with the changed keys highlighted', () => {
    renderDiff(
      { name: 'Old Flat', status: 'available', owner: { id: 1 }, __v: 0 },
      { name: 'New Flat', status: 'available', owner: { id: 2 }, __v: 1 },
    );
    expect(within(column('Before')).getByText(/"name": "Old Flat"/)).toBeInTheDocument();
    expect(within(column('After')).getByText(/"name": "New Flat"/)).toBeInTheDocument();
    // Nested values are pretty-printed over several lines.
    const owner = Array.from(column('After').querySelectorAll('mark')).find((mark) =>
      mark.textContent?.includes('"owner"'),
    );
    expect(owner?.textContent).toBe('  "owner": {\n    "id": 2\n  },');

    expect(highlighted('Before')).toEqual(['name', 'owner', '__v']);
    expect(highlighted('After')).toEqual(['name', 'owner', '__v']);
    const unchanged = within(column('After')).getByText(/"status": "available"/);
    expect(unchanged.tagName).not.toBe('MARK');
    expect(screen.getByText('Changed: name, owner, __v')).toBeInTheDocument();
  });

  it('highlights keys added or removed on one side only', () => {
    renderDiff({ name: 'A', note: 'gone' }, { name: 'A', phone: '+1' });
    expect(highlighted('Before')).toEqual(['note']);
    expect(highlighted('After')).toEqual(['phone']);
  });

  it('a created record has nothing before and every key after highlighted', () => {
    renderDiff(null, { name: 'Fresh', type: 'house' });
    expect(within(column('Before')).getByText('Nothing: the record did not exist yet.')).toBeInTheDocument();
    expect(highlighted('After')).toEqual(['name', 'type']);
  });

  it('a deleted record has nothing after', () => {
    renderDiff({ name: 'Gone' }, null);
    expect(within(column('After')).getByText('Nothing: the record was removed.')).toBeInTheDocument();
    expect(highlighted('Before')).toEqual(['name']);
  });

  it('key order alone is not a change', () => {
    expect(changedKeys({ a: 1, b: { x: 1, y: 2 } }, { b: { y: 2, x: 1 }, a: 1 })).toEqual(new Set());
    renderDiff({ a: 1 }, { a: 1 });
    expect(screen.getByText('Nothing changed.')).toBeInTheDocument();
    expect(highlighted('After')).toEqual([]);
  });
});
