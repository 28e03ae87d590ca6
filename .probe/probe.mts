import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadEngine } from '/work/main/src/engine/load-node.ts';
import { pageToPbm } from '/work/main/src/engine/pbm.ts';
import { pageToLuma } from '/work/main/src/engine/testing.ts';
import { decode_barcode, decode_barcode_with_hints, DecodeHintDictionary, DecodeHintTypes } from 'rxing-wasm';
const e = await loadEngine();
const cases: any[] = [
  { type: 'code39', data: 'AB+C$D', fullAscii: false },
  { type: 'code39', data: 'Mixed case!', fullAscii: true },
  { type: 'code39', data: 'ABC123', checkDigit: true },
  { type: 'code93', data: 'Mixed case!\x01' },
  { type: 'codabar', data: '12345678' },
  { type: 'codabar', data: 'B40156D', checkDigit: true },
  { type: 'itf', data: '12' },
  { type: 'itf', data: '1234' },
  { type: 'itf', data: '123', checkDigit: true },
  { type: 'code128', data: '(01)09501101530003(10)ABC(21)XYZ', gs1: true },
  { type: 'upca', data: '69012345678' },
  { type: 'upce', data: '0123456' },
  { type: 'upce', data: '1123456' },
  { type: 'isbn', data: '978012345678' },
  { type: 'qrcode', data: '(01)09501101530003(10)ABC(21)XYZ', gs1: true },
  { type: 'qrcode', data: '固定资产 Ä é' },
  { type: 'qrcode', data: 'ｱｲｳ 日本語' },
];
const files: string[] = [];
cases.forEach((c, i) => {
  const m = e.measure({ ...c, xMm: 0, yMm: 0, widthMm: 1000, heightMm: 10, dpi: 203, moduleWidthMm: 0.25, ...(c.type==='qrcode'?{}:{textPosition:'none'}) });
  const q = 20 * 25.4 / 203;
  const w = m.extentWidthDots * 25.4 / 203;
  const page = e.renderPage({ widthMm: w + 2*q, heightMm: 10 + w*(c.type==='qrcode'?1:0) + 2*q, dpi: 203, elements: [{ kind: 'barcode', ...c, xMm: q, yMm: q, widthMm: w, heightMm: 10 + w*(c.type==='qrcode'?1:0), moduleWidthMm: 0.25, ...(c.type==='qrcode'?{}:{textPosition:'none'}) }] });
  const f = `/tmp/probe/c${i}.pbm`; writeFileSync(f, pageToPbm(page)); files.push(f);
  let rx = '';
  try { rx = decode_barcode(pageToLuma(page), page.width, page.height, true).text(); } catch (err) { rx = 'ERR ' + err; }
  let rh = '';
  try { const h = new DecodeHintDictionary(); h.set_hint(DecodeHintTypes.TryHarder, 'true'); h.set_hint(DecodeHintTypes.AllowedLengths, '2,4,6'); h.set_hint(DecodeHintTypes.ReturnCodabarStartEnd, 'true'); h.set_hint(DecodeHintTypes.AssumeGs1, 'true'); h.set_hint(DecodeHintTypes.AssumeCode39CheckDigit, 'true');
    rh = decode_barcode_with_hints(pageToLuma(page), page.width, page.height, h).text(); } catch (err) { rh = 'ERR ' + err; }
  let zb = '';
  try { zb = execFileSync('zbarimg', ['--nodbus', '-q', f], { encoding: 'utf8', stdio: ['ignore','pipe','ignore'] }); } catch (err: any) { zb = 'ERR ' + (err.stdout ?? ''); }
  console.log(JSON.stringify(c), '\n   rxing:', JSON.stringify(rx), ' hints:', JSON.stringify(rh), '\n   zbar:', JSON.stringify(zb));
});
