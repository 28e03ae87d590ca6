import { writeFileSync } from 'node:fs';
import { loadEngine } from '../src/engine/load-node.ts';
import { corpus } from '../src/engine/corpus/corpus.ts';
import { renderCase } from '../src/engine/corpus/decoders.ts';
import { pageToPbm } from '../src/engine/pbm.ts';
import { pageToPng } from '../src/engine/png.ts';
const e = await loadEngine();
const cs = corpus('code39', 500);
const i = cs.findIndex((c) => c.request.data === 'R' && (c.request as any).fullAscii);
console.log(i, cs[i]);
const r = renderCase(e, cs[i]!, i);
writeFileSync('/tmp/probe/r.pbm', pageToPbm(r.page));
const s = 4; const p = r.page; const W = p.width*s, H = p.height*s, S = Math.ceil(W/8); const d = new Uint8Array(S*H);
for (let y=0;y<H;y++) for (let x=0;x<W;x++) { const sx=Math.floor(x/s), sy=Math.floor(y/s); if ((p.data[sy*p.stride+(sx>>3)]!>>(7-(sx&7)))&1) d[y*S+(x>>3)]! |= 0x80>>(x&7); }
writeFileSync('/tmp/probe/r.png', pageToPng({width:W,height:H,stride:S,data:d}));
const g = corpus('code128', 500).find((c) => c.request.data === '(01)58662584050443(17)240519')!;
console.log(g);
