/**
 * Bytes to text for XML files: a byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise
 * the declaration's encoding (UTF-8 by default; GB18030/GBK/GB2312 for older Chinese tools,
 * which need a TextDecoder with those encodings, as browsers and full-ICU Node have).
 * Invalid bytes are refused, never replaced silently.
 */
import { LabelError } from '../errors.ts';

const CHINESE = new Set(['gbk', 'gb2312', 'gb18030', 'x-gbk', 'cp936']);

export function decodeXmlBytes(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  let skip = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) skip = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) (encoding = 'utf-16le'), (skip = 2);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) (encoding = 'utf-16be'), (skip = 2);
  else {
    // The declaration is ASCII; read just enough of it.
    let head = '';
    for (let i = 0; i < Math.min(bytes.length, 200); i++) head += String.fromCharCode(bytes[i]!);
    const m = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z][-A-Za-z0-9._]*)["']/.exec(head);
    const declared = m?.[1]?.toLowerCase();
    if (declared && declared !== 'utf-8' && declared !== 'utf8') {
      if (CHINESE.has(declared)) encoding = 'gb18030';
      else if (declared === 'us-ascii' || declared === 'ascii') encoding = 'utf-8';
      else throw new LabelError('xml.encoding', { encoding: m![1]! });
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  } catch {
    throw new LabelError('xml.encoding', { encoding });
  }
  try {
    return decoder.decode(bytes.subarray(skip));
  } catch {
    throw new LabelError('xml.badBytes', { encoding: encoding.toUpperCase() });
  }
}
