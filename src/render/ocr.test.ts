/**
 * Text as a reader sees it: a line rendered at 300 dpi through the whole pipeline (label
 * document, font catalog, TrueType text in the engine) is read back by Debian's tesseract
 * OCR, in English, simplified and traditional Chinese, Japanese and Korean.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { loadEngine } from '../engine/load-node.ts';
import { pageToPng } from '../engine/png.ts';
import { loadBundledFonts } from './fonts-node.ts';
import { renderDocument } from './testing.ts';

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-ocr-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function ocr(text: string, fontName: string, language: string): string {
  const page = renderDocument(engine, {
    labelWidth: 90, labelHeight: 14,
    children: [{ kind: 'text', x: 3, y: 3, width: 84, height: 8, content: text, fontName, fontHeight: 5, verAlignment: 1, autoHeight: false }],
  }, 300);
  const file = join(scratch, `${language}.png`);
  writeFileSync(file, pageToPng(page, 300));
  // --psm 7: the image is one line of text.
  return execFileSync('tesseract', [file, 'stdout', '-l', language, '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

describe('rendered text read back by tesseract OCR at 300 dpi', () => {
  it('reads a Latin line (Arial -> Liberation Sans)', () => {
    expect(ocr('Fixed Asset AM-2024 Laptop', 'Arial', 'eng').trim()).toBe('Fixed Asset AM-2024 Laptop');
  });

  it('reads a simplified Chinese line (黑体 -> WenQuanYi Micro Hei)', () => {
    // chi_sim puts spaces between CJK characters; they are not in the text.
    expect(ocr('固定资产管理标签', '黑体', 'chi_sim').replace(/\s/g, '')).toBe('固定资产管理标签');
  });

  // The UI's other CJK languages print labels in their own scripts: the bundled CJK face
  // carries Traditional Chinese, kana and Hangul, read back with tesseract's models for them.
  it('reads a Traditional Chinese line (新細明體 -> WenQuanYi Micro Hei)', () => {
    expect(ocr('固定資產管理標籤', '新細明體', 'chi_tra').replace(/\s/g, '')).toBe('固定資產管理標籤');
  });

  it('reads a Japanese line with kana (MS Gothic -> WenQuanYi Micro Hei)', () => {
    expect(ocr('資産ラベルを印刷する', 'MS Gothic', 'jpn').replace(/\s/g, '')).toBe('資産ラベルを印刷する');
  });

  it('reads a Korean line in Hangul (Malgun Gothic -> WenQuanYi Micro Hei)', () => {
    expect(ocr('자산 라벨 인쇄', 'Malgun Gothic', 'kor').replace(/\s/g, '')).toBe('자산라벨인쇄');
  });
});

describe('vertical text read back by tesseract OCR at 300 dpi', () => {
  // No chi_sim_vert model is installed (tesseract --list-langs), so the page is read as
  // rows with chi_sim: with a gap between characters (charSpace) each row holds one
  // character of every column, left to right. Reversing each row gives the columns'
  // characters in reading order (right to left); reading the rows down each column
  // gives back the text.
  it('reads Chinese columns right to left (黑体 -> WenQuanYi Micro Hei)', () => {
    const text = '固定资产管理标签';
    const page = renderDocument(engine, {
      labelWidth: 40, labelHeight: 40,
      children: [{
        kind: 'text', x: 5, y: 4, width: 30, height: 32, content: text, fontName: '黑体', fontHeight: 5,
        charSpace: 2.5, lineSpace: 1.3, verDisplay: true, autoReturn: true, horAlignment: 1, autoHeight: false,
      }],
    }, 300);
    const file = join(scratch, 'vertical.png');
    writeFileSync(file, pageToPng(page, 300));
    // --psm 6: a uniform block of text lines.
    const out = execFileSync('tesseract', [file, 'stdout', '-l', 'chi_sim', '--psm', '6'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const rows = out.split('\n').map((r) => [...r.replace(/\s/g, '')].reverse()).filter((r) => r.length > 0);
    // 32 mm holds four 5 mm characters 2.5 mm apart: two columns of four
    expect(rows.map((r) => r.join(''))).toEqual(['固管', '定理', '资标', '产签']);
    const columns = [0, 1].map((c) => rows.map((r) => r[c]).join(''));
    expect(columns.join('')).toBe(text);
  });
});
