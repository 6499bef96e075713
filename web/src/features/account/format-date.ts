import type { Preferences } from '@lintel/contracts';

const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp's local date in the user's chosen format (Settings → Date format). */
export function formatDate(iso: string, format: Preferences['dateFormat']): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dd = pad(date.getDate());
  const mm = pad(date.getMonth() + 1);
  const yyyy = String(date.getFullYear());
  if (format === 'MM/dd/yyyy') return `${mm}/${dd}/${yyyy}`;
  if (format === 'yyyy-MM-dd') return `${yyyy}-${mm}-${dd}`;
  return `${dd}/${mm}/${yyyy}`;
}
