/**
 * The page buttons to show for `pageCount` pages around `current` (both from 1): the first,
 * the last, and up to two on each side of the current one; null marks a gap ("…").
 * 1 2 3 4 5 6 7 stay whole; 1 … 4 5 [6] 7 8 … 20 for a long list.
 */
export function pageWindow(current: number, pageCount: number, around = 2): Array<number | null> {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const wanted = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last === 2) out.push(last + 1); // a gap of one page: show it
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}
