/** How transaction records read: one field's change, and a record's time in the UI language. */

/** "before → after" when a field changed, the value alone when not; '—' for an empty side. */
export function changeText(before: string | null, after: string | null): string {
  const b = before ?? '';
  const a = after ?? '';
  return b === a ? a : `${b || '—'} → ${a || '—'}`;
}

/** An ISO instant as the device's local date and time to the minute, e.g. '2030-05-06 09:05'. */
export function formatBusinessTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
