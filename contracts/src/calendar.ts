/**
 * Dates and months as people read them, the same on screen, in CSVs and in PDFs: "23 Sep 2026",
 * "Sep 2026". Fixed English abbreviations rather than Intl's: en-GB writes "Sept" in recent ICU
 * (Node 20, Chromium) and "Sep" in older ones, so a screen and a PDF of one figure disagreed.
 * Calendar dates and months are read from their text, never through a Date, so no time zone can
 * move them a day.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

const monthName = (month: string | undefined) => MONTHS[Number(month) - 1];

/** "2026-09-23" → "23 Sep 2026"; anything else as it is. */
export function formatCalendarDate(isoDate: string): string {
  const [, year, month, day] = ISO_DATE.exec(isoDate) ?? [];
  const name = monthName(month);
  return name ? `${Number(day)} ${name} ${year}` : isoDate;
}

/** "2026-09" → "Sep 2026"; anything else (a "Total" label) as it is. */
export function formatCalendarMonth(isoMonth: string): string {
  const [, year, month] = ISO_MONTH.exec(isoMonth) ?? [];
  const name = monthName(month);
  return name ? `${name} ${year}` : isoMonth;
}

/** "2026-09" → "Sep": a chart's axis tick. */
export function formatShortMonth(isoMonth: string): string {
  const [, , month] = ISO_MONTH.exec(isoMonth) ?? [];
  return monthName(month) ?? isoMonth;
}

/** "2026-09-05" → "5 Sep". */
export function formatDayMonth(isoDate: string): string {
  const [, , month, day] = ISO_DATE.exec(isoDate) ?? [];
  const name = monthName(month);
  return name ? `${Number(day)} ${name}` : isoDate;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment in the reader's own time zone: "23 Sep 2026, 14:05". For the browser; the server does
 * not know the reader's zone and writes UTC (server/src/lib/documents).
 */
export function formatLocalDateTime(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const date = `${moment.getDate()} ${MONTHS[moment.getMonth()]} ${moment.getFullYear()}`;
  return `${date}, ${twoDigits(moment.getHours())}:${twoDigits(moment.getMinutes())}`;
}
