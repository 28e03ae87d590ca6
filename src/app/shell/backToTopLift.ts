/** The vertical extent of a box on screen (px, as from getBoundingClientRect). */
export interface VerticalSpan {
  top: number;
  bottom: number;
}

/**
 * How far above the bottom of the scrolling area the back-to-top button must sit so that it
 * covers none of the page's action bars (the Save / Cancel row of a form, marked
 * `data-action-bar`). The button normally floats `baseBottom` px above the area's bottom edge;
 * when a bar on screen reaches into that band, it is raised to `gap` px above the highest such
 * bar. Bars are treated as full width because the button sits at the inline end, where action
 * rows put their primary button.
 */
export function backToTopBottom(
  areaBottom: number,
  baseBottom: number,
  buttonHeight: number,
  bars: readonly VerticalSpan[],
  gap: number,
): number {
  let bottom = baseBottom;
  // Raising the button above one bar can move it onto another stacked above it, so repeat
  // until it rests clear of all of them (each pass only ever raises it, so this ends).
  for (let moved = true; moved; ) {
    moved = false;
    const buttonBottom = areaBottom - bottom;
    const buttonTop = buttonBottom - buttonHeight;
    for (const bar of bars) {
      const overlaps = bar.top < buttonBottom + gap && bar.bottom > buttonTop - gap && bar.bottom > bar.top;
      if (!overlaps) continue;
      const clear = areaBottom - bar.top + gap;
      if (clear > bottom) {
        bottom = clear;
        moved = true;
      }
    }
  }
  return bottom;
}
