/**
 * The pages as the printer will get them: the engine's own 1-bit raster at the printer's
 * resolution, one page large with navigation (previous, next, go to page within
 * 1..count), and a virtualised strip of thumbnails — only the thumbnails in view are
 * rendered, so a 100,000-page run scrolls as lightly as a 10-page one.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Input, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../engine/types';
import { pageImageData } from './pageRgba';

/** A page to show, or why it cannot be shown. */
export type PreviewResult = { ok: true; page: Page } | { ok: false; message: string };

const THUMB_HEIGHT = 96; // px, including the caption
const THUMB_OVERSCAN = 4; // thumbnails rendered above and below the visible ones

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 132px', gap: tokens.spacingHorizontalM, minHeight: '360px' },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  stage: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    minHeight: '280px',
    overflow: 'hidden',
  },
  canvas: { maxWidth: '100%', maxHeight: '420px', imageRendering: 'pixelated', boxShadow: tokens.shadow8, backgroundColor: '#fff' },
  nav: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  goto: { width: '88px' },
  error: { color: tokens.colorPaletteRedForeground1, maxWidth: '420px', textAlign: 'center' },
  strip: { overflowY: 'auto', maxHeight: '480px', position: 'relative', borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  thumb: {
    position: 'absolute',
    left: tokens.spacingHorizontalS,
    right: tokens.spacingHorizontalS,
    height: `${THUMB_HEIGHT - 8}px`,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2px',
    cursor: 'pointer',
    border: `2px solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '2px',
    boxSizing: 'border-box',
  },
  thumbCurrent: { border: `2px solid ${tokens.colorBrandStroke1}` },
  thumbCanvas: { maxWidth: '100%', maxHeight: `${THUMB_HEIGHT - 30}px`, imageRendering: 'auto', backgroundColor: '#fff', boxShadow: tokens.shadow2 },
});

/** Draws a 1-bit (or grey) engine page onto a canvas at one canvas pixel a dot. */
export function drawPage(canvas: HTMLCanvasElement, page: Page): void {
  canvas.width = page.width;
  canvas.height = page.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.putImageData(pageImageData(ctx, page, { x0: 0, y0: 0, x1: page.width, y1: page.height }), 0, 0);
}

function PageCanvas({ result, className, testId }: { result: PreviewResult | null; className: string; testId?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current && result?.ok) drawPage(ref.current, result.page);
  }, [result]);
  if (result && !result.ok) return null;
  return <canvas ref={ref} className={className} data-testid={testId} />;
}

export interface PagePreviewProps {
  /** Pages in the job (both sides counted). */
  pageCount: number;
  current: number;
  onCurrent: (page: number) => void;
  /** Renders page `index` (0-based) for the large view and the thumbnails. */
  render: (index: number) => PreviewResult;
  /** A caption for page `index` ("Page 3 of 10", a mirrored side). */
  caption: (index: number) => ReactNode;
  /** Changes whenever pages may have changed (label, data, dpi). */
  version: unknown;
}

export function PagePreview({ pageCount, current, onCurrent, render, caption, version }: PagePreviewProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [goto, setGoto] = useState('');
  const strip = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 480 });

  const large = useMemo(() => (pageCount > 0 ? render(current) : null), [render, current, pageCount, version]);

  // Keep the current thumbnail in view when the page changes from the buttons.
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const top = current * THUMB_HEIGHT;
    if (top < el.scrollTop || top + THUMB_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [current]);

  const first = Math.max(0, Math.floor(scroll.top / THUMB_HEIGHT) - THUMB_OVERSCAN);
  const last = Math.min(pageCount - 1, Math.ceil((scroll.top + scroll.height) / THUMB_HEIGHT) + THUMB_OVERSCAN);
  const visible: number[] = [];
  for (let i = first; i <= last; i++) visible.push(i);

  const go = () => {
    const n = Number(goto.trim());
    if (Number.isInteger(n) && n >= 1 && n <= pageCount) onCurrent(n - 1);
    setGoto('');
  };

  return (
    <div className={styles.root}>
      <div className={styles.main}>
        <div className={styles.stage}>
          {large && !large.ok ? (
            <Text className={styles.error} data-testid="preview-error">
              {large.message}
            </Text>
          ) : (
            <PageCanvas result={large} className={styles.canvas} testId="preview-page" />
          )}
        </div>
        <div className={styles.nav}>
          <Button icon={<ChevronLeftRegular />} aria-label={t('labelPrint.previousPage')} disabled={current <= 0} onClick={() => onCurrent(current - 1)} />
          <Text data-testid="preview-caption">{caption(current)}</Text>
          <Button icon={<ChevronRightRegular />} aria-label={t('labelPrint.nextPage')} disabled={current >= pageCount - 1} onClick={() => onCurrent(current + 1)} />
          <Input
            className={styles.goto}
            value={goto}
            placeholder={t('labelPrint.goToPage')}
            aria-label={t('labelPrint.goToPage')}
            inputMode="numeric"
            onChange={(_, d) => setGoto(d.value)}
            onKeyDown={(e) => e.key === 'Enter' && go()}
            onBlur={() => goto && go()}
          />
        </div>
      </div>
      <div
        ref={strip}
        className={styles.strip}
        aria-label={t('labelPrint.thumbnails')}
        onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      >
        <div style={{ height: `${pageCount * THUMB_HEIGHT}px` }}>
          {visible.map((i) => (
            <Thumbnail key={`${i}`} index={i} top={i * THUMB_HEIGHT} current={i === current} render={render} version={version} onPick={onCurrent} />
          ))}
        </div>
      </div>
    </div>
  );
}

function Thumbnail({ index, top, current, render, version, onPick }: { index: number; top: number; current: boolean; render: (i: number) => PreviewResult; version: unknown; onPick: (i: number) => void }) {
  const styles = useStyles();
  const result = useMemo(() => render(index), [render, index, version]);
  return (
    <div
      className={mergeClasses(styles.thumb, current && styles.thumbCurrent)}
      style={{ top: `${top + 4}px` }}
      onClick={() => onPick(index)}
      role="button"
      aria-current={current ? 'page' : undefined}
      data-testid={`thumb-${index + 1}`}
    >
      <PageCanvas result={result} className={styles.thumbCanvas} />
      <Text size={100}>{index + 1}</Text>
    </div>
  );
}
