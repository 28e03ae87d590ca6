/**
 * The font catalog: which bundled face draws each font name a label may ask for, and how
 * the faces are registered with the engine.
 *
 * Labels name Windows fonts (spec: a Chinese sans font by default for the Chinese locale,
 * otherwise Arial; the vendor's files use 宋体, 黑体, 微软雅黑 ...). We ship two families
 * (scripts/setup.sh copies them from Debian into public/fonts): Liberation Sans, metric-
 * compatible with Arial, for Latin names, and WenQuanYi Micro Hei for CJK names; Droid
 * Sans Fallback is the last fallback. Every name maps to one registered family, so each
 * file is loaded into the engine once. Characters a face lacks come from the fallback
 * chain, Latin first, then CJK (contract: registration order).
 */
import type { Engine } from '../engine/engine.ts';

export const LATIN_FAMILY = 'Liberation Sans';
export const CJK_FAMILY = 'WenQuanYi Micro Hei';
export const LAST_FALLBACK_FAMILY = 'Droid Sans Fallback';

/** One face file as registered: family name, style, file in public/fonts, TTC index. */
export interface FontFace {
  family: string;
  file: string;
  faceIndex: number;
  bold: boolean;
  italic: boolean;
  /** Appended to the fallback chain (in this list's order). */
  fallback: boolean;
}

/** Registration order matters: the fallback chain is Latin, then CJK, then the last resort. */
export const FONT_FACES: readonly FontFace[] = [
  { family: LATIN_FAMILY, file: 'LiberationSans-Regular.ttf', faceIndex: 0, bold: false, italic: false, fallback: true },
  { family: LATIN_FAMILY, file: 'LiberationSans-Bold.ttf', faceIndex: 0, bold: true, italic: false, fallback: false },
  { family: LATIN_FAMILY, file: 'LiberationSans-Italic.ttf', faceIndex: 0, bold: false, italic: true, fallback: false },
  { family: LATIN_FAMILY, file: 'LiberationSans-BoldItalic.ttf', faceIndex: 0, bold: true, italic: true, fallback: false },
  { family: CJK_FAMILY, file: 'wqy-microhei.ttc', faceIndex: 0, bold: false, italic: false, fallback: true },
  { family: LAST_FALLBACK_FAMILY, file: 'DroidSansFallbackFull.ttf', faceIndex: 0, bold: false, italic: false, fallback: true },
];

/** Font names (compared without case, spaces, hyphens or underscores) drawn with the CJK family. */
const CJK_NAMES = [
  '宋体', 'simsun', '新宋体', 'nsimsun', '黑体', 'simhei', '微软雅黑', 'microsoftyahei', 'microsoftyaheiui', '微软正黑体',
  'microsoftjhenghei', '楷体', 'kaiti', '楷体gb2312', 'kaitigb2312', '仿宋', 'fangsong', '仿宋gb2312', 'fangsonggb2312',
  '等线', 'dengxian', '幼圆', 'youyuan', '隶书', 'lisu', '华文黑体', 'stheiti', '华文宋体', 'stsong', '华文楷体', 'stkaiti',
  '华文细黑', 'stxihei', '苹方', 'pingfangsc', 'hiraginosansgb', '思源黑体', 'sourcehansans', 'sourcehansanssc',
  'sourcehansanscn', 'notosanscjk', 'notosanscjksc', 'notosanssc', '文泉驿微米黑', 'wenquanyimicrohei', 'wqymicrohei',
  'mingliu', '细明体', 'pmingliu', '新细明体', 'msgothic', 'msmincho', 'meiryo', 'malgungothic', '맑은고딕', 'gulim',
  // Traditional Chinese, Japanese and Korean names (the UI's other CJK languages).
  '新細明體', '細明體', '微軟正黑體', '標楷體', 'dfkaisb', 'mspgothic', 'mspmincho', 'yugothic', 'yumincho', 'msゴシック',
  'ms明朝', 'メイリオ', '游ゴシック', 'hiraginosans', 'hiraginokakugothicpro', 'notosansjp', 'notosanskr', 'notosanstc',
  '굴림', 'dotum', '돋움', 'batang', '바탕', 'nanumgothic', '나눔고딕', 'applesdgothicneo',
];

/** Latin names drawn with Liberation Sans (serif and monospace names too: one family ships). */
const LATIN_NAMES = [
  'arial', 'arialnarrow', 'arialblack', 'helvetica', 'helveticaneue', 'liberationsans', 'calibri', 'verdana', 'tahoma',
  'segoeui', 'timesnewroman', 'times', 'georgia', 'cambria', 'couriernew', 'courier', 'consolas', 'trebuchetms',
  'dejavusans', 'sansserif', 'sans', 'serif', 'monospace', 'roboto', 'opensans', 'lato',
];

const FAMILY_BY_NAME = new Map<string, string>([
  ...CJK_NAMES.map((n) => [n, CJK_FAMILY] as [string, string]),
  ...LATIN_NAMES.map((n) => [n, LATIN_FAMILY] as [string, string]),
  [key(CJK_FAMILY), CJK_FAMILY],
  [key(LAST_FALLBACK_FAMILY), LAST_FALLBACK_FAMILY],
  ['droidsansfallbackfull', LAST_FALLBACK_FAMILY],
]);

function key(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\s\-_]/g, '');
}

/** fontFamilyFor's answers by font name, at most FAMILY_MEMO_SIZE. */
const familyMemo = new Map<string, string>();
const FAMILY_MEMO_SIZE = 256;

/**
 * The registered family that draws `fontName`: the catalog's entry, else the CJK family
 * for names written in CJK characters (a Chinese font we do not know), else the Latin one.
 */
export function fontFamilyFor(fontName: string): string {
  // Every text and barcode of every page asks: remember the answers (a label names a few
  // fonts; normalising a name took about 0.3 µs). Bounded, as names come from documents.
  let family = familyMemo.get(fontName);
  if (family === undefined) {
    const known = FAMILY_BY_NAME.get(key(fontName));
    family = known ?? (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u.test(fontName) ? CJK_FAMILY : LATIN_FAMILY);
    if (familyMemo.size >= FAMILY_MEMO_SIZE) familyMemo.clear();
    familyMemo.set(fontName, family);
  }
  return family;
}

/**
 * Registers every catalog face with `engine` (after clearing its registry), reading each
 * file with `read` (Node: from public/fonts; browser: fetched from /fonts/). Faces whose
 * file `read` cannot supply (returns null) are skipped and named in the result, so a
 * machine without the CJK file still renders Latin text.
 */
export async function registerFonts(engine: Engine, read: (file: string) => Promise<Uint8Array | null>): Promise<{ missing: string[] }> {
  const files = await Promise.all(FONT_FACES.map((f) => read(f.file)));
  engine.clearFonts();
  const missing: string[] = [];
  FONT_FACES.forEach((face, i) => {
    const bytes = files[i];
    if (!bytes) {
      missing.push(face.file);
      return;
    }
    engine.loadFont(face.family, bytes, { faceIndex: face.faceIndex, bold: face.bold, italic: face.italic, fallback: face.fallback });
  });
  return { missing };
}
