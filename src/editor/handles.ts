/**
 * Which resize handles the canvas shows and lets the pointer take (label-editor.md section
 * 2): a selected control shows its border and handles; the right-centre and bottom-centre
 * handles only on the active control (the primary selection); a locked control shows its
 * border and no resize handle at all, and is never resized.
 */
import type { LabelElement } from '../label/elements/index.ts';
import type { LabelDocument } from '../label/label.ts';
import { canResize } from './edit.ts';
import { ANCHOR_LINE_PX, ANCHOR_RADIUS_PX, ANCHORS, anchorPoints, visualRect, type Anchor, type View } from './geometry.ts';

/** Shown only on the active control (spec: "right-centre and bottom-centre"). */
const ACTIVE_ONLY: readonly Anchor[] = ['e', 's'];

/** The handles control `el` shows: none when it or the whole label is locked (or it is
 * not resized by anchors), the 8 when it is the active control, the 6 others when it is
 * only selected. */
export function visibleAnchors(el: LabelElement, active: boolean, labelLocked = false): readonly Anchor[] {
  if (labelLocked || !canResize(el)) return [];
  return active ? ANCHORS : ANCHORS.filter((a) => !ACTIVE_ONLY.includes(a));
}

/** The selection in drawing order for handles: the others first, the active one last (on top). */
export function handleOwners(selection: readonly number[], primary: number | null): { index: number; active: boolean }[] {
  const others = selection.filter((i) => i !== primary).map((index) => ({ index, active: false }));
  return primary === null ? others : [...others, { index: primary, active: true }];
}

/**
 * The handle under the screen point (px): the nearest visible handle of a selected control
 * within its radius plus half its ring, the active control's first; null for none. A
 * locked control has none, so pressing on it never resizes it.
 */
export function handleAt(view: View, doc: Pick<LabelDocument, 'children' | 'lockMovement'>, selection: readonly number[], primary: number | null, xPx: number, yPx: number): { index: number; anchor: Anchor } | null {
  const reach = ANCHOR_RADIUS_PX + ANCHOR_LINE_PX / 2;
  const owners = handleOwners(selection, primary).reverse();
  for (const { index, active } of owners) {
    const el = doc.children[index];
    if (!el) continue;
    const points = anchorPoints(view, visualRect(el));
    let best: Anchor | null = null;
    let bestD = Infinity;
    for (const a of visibleAnchors(el, active, doc.lockMovement)) {
      const d = Math.hypot(xPx - points[a][0], yPx - points[a][1]);
      if (d <= reach && d < bestD) [best, bestD] = [a, d];
    }
    if (best) return { index, anchor: best };
  }
  return null;
}
