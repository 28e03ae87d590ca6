import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { layout } from './geometry.ts';
import { extent, fitZoomWithTail, layoutWithTail, tailRect } from './flag-tail.ts';

const flag = (tailDirection: string, tailLength: number) => createLabel({ labelWidth: 40, labelHeight: 30, isFlagLabel: true, tailDirection, tailLength } as never);

describe('flag-label tail', () => {
  it('sticks out of the body on its side, as long as the label settings say', () => {
    expect(tailRect(flag('right', 20))).toEqual({ x: 40, y: 0, width: 20, height: 30 });
    expect(tailRect(flag('left', 5))).toEqual({ x: -5, y: 0, width: 5, height: 30 });
    expect(tailRect(flag('up', 8))).toEqual({ x: 0, y: -8, width: 40, height: 8 });
    expect(tailRect(flag('down', 8))).toEqual({ x: 0, y: 30, width: 40, height: 8 });
  });

  it('is absent without the flag option or without a length', () => {
    expect(tailRect({ ...flag('right', 20), isFlagLabel: false })).toBeNull();
    expect(tailRect(flag('right', 0))).toBeNull();
    expect(extent(flag('right', 0))).toEqual({ x: 0, y: 0, width: 40, height: 30 });
  });

  it('gets room on the canvas: the fit zoom holds body and tail, the body keeps its origin', () => {
    const d = flag('left', 40);
    expect(extent(d)).toEqual({ x: -40, y: 0, width: 80, height: 30 });
    const zoom = fitZoomWithTail(d, 820, 600);
    expect(zoom).toBeCloseTo(10, 6); // (820 - 20) / 80
    const { stageWidth, view } = layoutWithTail(d, zoom, 820, 600);
    expect(stageWidth).toBe(820);
    // Tail from 10 px to 410 px, body from 410 to 810: the margin on both sides.
    expect(view.originX).toBe(410);
    expect(view.originX - 40 * zoom).toBe(10);
  });

  it('lays out exactly as before on a label without a tail', () => {
    const d = createLabel({ labelWidth: 40, labelHeight: 30 });
    expect(layoutWithTail(d, 7, 500, 400)).toEqual(layout(40, 30, 7, 500, 400));
  });
});
