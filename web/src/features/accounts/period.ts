import { formatCalendarMonth, IsoDate } from '@lintel/contracts';

export interface Period {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today's calendar date where the user is. */
export const todayIso = () => isoOf(new Date());

/** The first day of this month, or of the month `monthsBack` before it. */
export function firstOfMonth(monthsBack = 0): string {
  const today = new Date();
  return isoOf(new Date(today.getFullYear(), today.getMonth() - monthsBack, 1));
}

/** What is wrong with a period typed in, or null when it can be asked for. */
export function periodError({ from, to }: Period): { field: keyof Period; message: string } | null {
  for (const field of ['from', 'to'] as const) {
    const parsed = IsoDate.safeParse(field === 'from' ? from : to);
    if (!parsed.success) return { field, message: parsed.error.issues[0]?.message ?? 'Enter a date' };
  }
  return to < from ? { field: 'to', message: 'The period must end on or after its start' } : null;
}

/** '2026-09' → 'Sep 2026', as the PDFs and CSVs write it. */
export const formatMonth = formatCalendarMonth;
