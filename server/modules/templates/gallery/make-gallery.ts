/**
 * Writes the shipped gallery (the .wdfx files beside this script): asset labels of
 * 40 x 30, 50 x 30, 60 x 40 and 70 x 50 mm, in Chinese and English, each with a logo, a
 * title, captioned asset fields, a QR Code and (from 60 x 40 on) a Code 128 of the asset code.
 * Fields bind to the asset's stable keys (assetCoding, assetName, ...); an embedded one-row
 * spreadsheet of the same keys gives the sample shown in thumbnails and the editor, and
 * printing from the asset register replaces it with the assets.
 *
 *   node --import tsx server/modules/templates/gallery/make-gallery.ts
 *
 * The files are committed; run this again only after changing the layouts below.
 */
import { writeFileSync } from 'node:fs';
import { encode as encodePng } from 'fast-png';
import { GALLERY, GALLERY_SAMPLE_CODE } from './catalog.ts';

type Lang = 'zh' | 'en';

const SAMPLE: Record<Lang, Record<string, string>> = {
  zh: { assetCoding: GALLERY_SAMPLE_CODE, assetName: '笔记本电脑', specifications: 'ThinkPad X1', department: '行政部', user: '张伟', depositSite: '3楼 301' },
  en: { assetCoding: GALLERY_SAMPLE_CODE, assetName: 'Laptop', specifications: 'ThinkPad X1', department: 'Admin', user: 'Zhang Wei', depositSite: '3F-301' },
};

const CAPTIONS: Record<Lang, Record<string, string>> = {
  zh: { assetName: '名称', assetCoding: '编号', specifications: '规格', department: '部门', user: '使用人', depositSite: '位置' },
  en: { assetName: 'Name', assetCoding: 'Code', specifications: 'Model', department: 'Dept.', user: 'User', depositSite: 'Location' },
};
const TITLE: Record<Lang, string> = { zh: '固定资产标签', en: 'FIXED ASSET' };

/** A 48 x 48 px logo: a ring around a filled diamond, black on transparent. */
function logoPng(): string {
  const side = 48;
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x - 23.5;
      const dy = y - 23.5;
      const r = Math.hypot(dx, dy);
      const ink = (r <= 23.5 && r >= 19.5) || Math.abs(dx) + Math.abs(dy) <= 13;
      data.set(ink ? [0, 0, 0, 255] : [255, 255, 255, 0], (y * side + x) * 4);
    }
  }
  return Buffer.from(encodePng({ width: side, height: side, data, channels: 4, depth: 8 })).toString('base64');
}

function csv(lang: Lang): string {
  const sample = SAMPLE[lang];
  const keys = Object.keys(sample);
  const text = `${keys.join(',')}\r\n${keys.map((k) => sample[k]).join(',')}\r\n`;
  return Buffer.from(text, 'utf8').toString('base64');
}

const f = (n: number) => String(Math.round(n * 1000) / 1000);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function layout(w: number, h: number, lang: Lang, name: string): string {
  const m = 1.5;
  const big = w >= 60;
  const titleH = big ? 5.5 : 4;
  const qr = { 40: 13, 50: 15, 60: 16, 70: 20 }[w]!;
  const rowH = big ? 3.6 : 3.2;
  const font = big ? 2.6 : 2.3;
  const captionW = lang === 'zh' ? (big ? 10.5 : 9) : big ? 11 : 9.5;
  const fields = w >= 70 ? ['assetName', 'assetCoding', 'specifications', 'department', 'user'] : w >= 60 ? ['assetName', 'assetCoding', 'department', 'user'] : ['assetName', 'assetCoding', 'department', 'user'];
  const lines: string[] = [];
  lines.push(`    <Logo x="${f(m)}" y="${f(m)}" width="${f(titleH)}" height="${f(titleH)}" content="png*****${logoPng()}"/>`);
  lines.push(`    <Text x="${f(m + titleH + 1)}" y="${f(m)}" width="${f(w - 2 * m - titleH - 1)}" height="${f(titleH)}" content="${esc(TITLE[lang])}" fontHeight="${f(titleH * 0.72)}" fontStyle="1" verAlignment="1"/>`);
  const ruleY = m + titleH + 0.8;
  lines.push(`    <Line x1="${f(m)}" y1="${f(ruleY)}" x2="${f(w - m)}" y2="${f(ruleY)}" lineWidth="0.3"/>`);
  const top = ruleY + 1;
  const textW = w - 2 * m - qr - 1;
  fields.forEach((key, i) => {
    const y = top + i * rowH;
    lines.push(`    <Text x="${f(m)}" y="${f(y)}" width="${f(captionW)}" height="${f(rowH)}" content="${esc(CAPTIONS[lang][key]!)}:" fontHeight="${f(font)}" fontStyle="1"/>`);
    lines.push(`    <Text x="${f(m + captionW)}" y="${f(y)}" width="${f(textW - captionW)}" height="${f(rowH)}" contentType="2" dataColumnName="${key}" fontHeight="${f(font)}"/>`);
  });
  lines.push(`    <Qrcode x="${f(w - m - qr)}" y="${f(top)}" width="${f(qr)}" height="${f(qr)}" contentType="2" dataColumnName="assetCoding" eccLevel="M" zoneSize="2"/>`);
  if (big) {
    const barH = w >= 70 ? 10 : 8;
    lines.push(`    <Barcode x="${f(m)}" y="${f(h - m - barH)}" width="${f(w - 2 * m)}" height="${f(barH)}" barcodeType="CODE128" contentType="2" dataColumnName="assetCoding" textPosition="2" fontHeight="2.2"/>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<LPAPI version="1.3" labelName="${esc(name)}" labelWidth="${w}" labelHeight="${h}" printOrientation="0" gapType="2" gapLength="2" printDarkness="9" printSpeed="2" dataFile="csv*****${csv(lang)}" dataSheet="1">
  <Page>
${lines.join('\n')}
  </Page>
</LPAPI>
`;
}

for (const t of GALLERY) {
  writeFileSync(new URL(`./${t.file}`, import.meta.url), layout(t.widthMm, t.heightMm, t.lang, t.name));
}
