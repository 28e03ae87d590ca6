/**
 * The editor benchmark's label (issue 13, "Benchmarks"): 100 x 75 mm with 50 controls, so
 * that at 10 px a mm (254 dpi) the editor's raster is 1,000 x 750 px. A border, 15 Latin and
 * 10 Chinese text lines, 6 Code 128, 5 QR Codes, 6 rectangles, 6 lines and a 3 x 4 table
 * with text in every cell; nothing bound to data (the editor shows literal content).
 *
 * `DRAGGED` is the control the drag benchmark moves: a Code 128 near the middle, so moving
 * it redraws symbols, text and shapes around it.
 */
import { createLabel, type LabelDocument, type LabelInput } from '../src/label/index.ts';

export const LABEL_MM = { width: 100, height: 75 } as const;
/** Zoom of the benchmark, px per mm: the raster is 1,000 x 750 px. */
export const ZOOM = 10;

const LATIN = ['Asset tag', 'Room 4012 / shelf 3', 'Finance dept.', 'Serial SN-20240117', 'Purchased 2024-03-15', 'Owner: J. Smith'];
const CHINESE = ['固定资产标签', '笔记本电脑', '信息中心', '激光打印机', '财务部 办公室', '服务器机柜 A3'];

/** The dragged control's index in the label's children: the third Code 128 (after the
 * border, 15 + 10 text lines and two symbols). */
export const DRAGGED = 28;

export function editorBenchLabel(): LabelDocument {
  const children: NonNullable<LabelInput['children']>[number][] = [{ kind: 'rectangle', x: 0.5, y: 0.5, width: 99, height: 74, lineWidth: 0.3 }];
  // Text: three columns of lines along the top and the left.
  for (let i = 0; i < 15; i++) {
    children.push({ kind: 'text', x: 2 + (i % 3) * 32, y: 2 + Math.floor(i / 3) * 4.2, width: 30, height: 4, fontName: 'Arial', fontHeight: 2.6 + (i % 3) * 0.4, content: `${LATIN[i % LATIN.length]} ${i + 1}` });
  }
  for (let i = 0; i < 10; i++) {
    children.push({ kind: 'text', x: 2 + (i % 2) * 24, y: 24 + Math.floor(i / 2) * 5, width: 23, height: 4.6, fontName: '黑体', fontHeight: 3 + (i % 2) * 0.5, content: `${CHINESE[i % CHINESE.length]}${i + 1}` });
  }
  for (let i = 0; i < 6; i++) {
    children.push({ kind: 'barcode', x: 52 + (i % 2) * 24, y: 24 + Math.floor(i / 2) * 12, width: 22, height: 10, type: 'code128', textPosition: 'below', content: `ZC2024${String(1000 + i * 137).padStart(6, '0')}` });
  }
  for (let i = 0; i < 5; i++) {
    children.push({ kind: 'qrcode', x: 2 + i * 11, y: 51, width: 10, height: 10, type: 'qrcode', eccLevel: 'M', zoneSize: 1, content: `https://am.example.com/a/${10_000 + i * 7919}` });
  }
  for (let i = 0; i < 6; i++) {
    children.push({ kind: 'rectangle', x: 2 + i * 9, y: 63, width: 7, height: 5, lineWidth: 0.2 + (i % 3) * 0.2 });
  }
  for (let i = 0; i < 6; i++) {
    children.push({ kind: 'line', x: 2 + i * 9, y: 70 + (i % 2), width: 8, height: 0.3, lineWidth: 0.3 });
  }
  const rows = 3;
  const cols = 4;
  children.push({
    kind: 'table',
    x: 58,
    y: 60,
    rows,
    cols,
    rowHeight: [4, 4, 4],
    colWidth: [9, 9, 9, 9],
    lineWidth: 0.3,
    cells: Array.from({ length: rows * cols }, (_, i) => ({ content: i < cols ? ['编号', 'Name', '数量', 'Qty'][i] : String(i * 11), fontName: i % 2 ? 'Arial' : '黑体', fontHeight: 2.2 })),
  });
  if (children[DRAGGED]?.kind !== 'barcode') throw new Error('editor bench label: DRAGGED is not the Code 128 it should be');
  return createLabel({ templateID: 'bench-editor-label', labelName: 'Editor benchmark (50 controls)', labelWidth: LABEL_MM.width, labelHeight: LABEL_MM.height, children });
}
