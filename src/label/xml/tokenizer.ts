/**
 * A strict, small XML tokenizer for label files; the same code in Node and the browser.
 *
 * What it accepts: one XML 1.0 document of elements, attributes, text, CDATA sections,
 * comments and processing instructions, with the 5 predefined entities and numeric
 * character references. What it refuses, with a `LabelError` naming line and column:
 * any DOCTYPE or ENTITY declaration (so no entity expansion of any kind, internal or
 * external: billion-laughs and XXE files fail at the declaration), unknown entities,
 * raw control characters, malformed markup, and anything over the caps in `limits.ts`.
 *
 * Character references may name C0 controls other than NUL (as XML 1.1 allows): the
 * writer uses them so that any document string survives a round trip.
 *
 * It scans with indexOf and charCodeAt and never recurses, so deep or long input costs
 * linear time and constant stack.
 */
import { LabelError, type LabelErrorCode, type LabelMessageParams } from '../errors.ts';
import type { XmlLimits } from './limits.ts';

export interface XmlHandler {
  /** An element opens; `selfClosing` elements get no `end` call. */
  start(name: string, attributes: Map<string, string>, selfClosing: boolean, offset: number): void;
  end(name: string, offset: number): void;
  /** Character data (text or CDATA), entities decoded, line ends normalised to \n. */
  text(value: string, offset: number): void;
}

/** Line and column (both 1-based) of `offset` in `src`. */
export function position(src: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = src.indexOf('\n'); i !== -1 && i < offset; i = src.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export function xmlError(src: string, offset: number, code: LabelErrorCode, params: LabelMessageParams = {}): LabelError {
  return new LabelError(code, { ...position(src, offset), ...params });
}

// Raw characters XML 1.0 forbids: C0 controls except tab, LF and CR.
const FORBIDDEN_RAW = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const NAME = /^[A-Za-z_:\u00C0-\uFFFD][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFD]*$/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

export function tokenize(src: string, handler: XmlHandler, limits: XmlLimits): void {
  if (src.length > limits.maxInputLength) {
    throw new LabelError('xml.tooLarge', { size: src.length, max: limits.maxInputLength });
  }
  const bad = FORBIDDEN_RAW.exec(src);
  if (bad) {
    throw xmlError(src, bad.index, 'xml.badChar', { code: bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') });
  }
  const n = src.length;
  let pos = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Blank lines before the declaration are tolerated (strictly an error, but harmless).
  while (pos < n && isSpace(src.charCodeAt(pos))) pos++;
  // Each syntax failure says what is wrong in English and in Chinese (the messages'
  // {{detail}} and {{detailZh}}).
  const fail = (at: number, detail: string, detailZh: string): never => {
    throw xmlError(src, at, 'xml.syntax', { detail, detailZh });
  };

  /** Decodes entities and character references in `raw`, which starts at `at`. */
  const decode = (raw: string, at: number): string => {
    let amp = raw.indexOf('&');
    if (amp === -1) return raw;
    let out = '';
    let last = 0;
    while (amp !== -1) {
      const semi = raw.indexOf(';', amp + 1);
      if (semi === -1 || semi - amp > 12) fail(at + amp, "'&' must start an entity reference such as &amp;", '“&” 只能用于实体引用，例如 &amp;');
      const ref = raw.slice(amp + 1, semi);
      let ch: string | undefined;
      if (ref.charCodeAt(0) === 0x23 /* # */) {
        const hex = ref[1] === 'x';
        const digits = ref.slice(hex ? 2 : 1);
        const ok = hex ? /^[0-9A-Fa-f]{1,6}$/.test(digits) : /^[0-9]{1,7}$/.test(digits);
        const cp = ok ? parseInt(digits, hex ? 16 : 10) : -1;
        if (cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
          throw xmlError(src, at + amp, 'xml.badCharRef', { ref });
        }
        ch = String.fromCodePoint(cp);
      } else {
        ch = Object.hasOwn(PREDEFINED, ref) ? PREDEFINED[ref] : undefined;
        if (ch === undefined) throw xmlError(src, at + amp, 'xml.unknownEntity', { name: ref });
      }
      out += raw.slice(last, amp) + ch;
      last = semi + 1;
      amp = raw.indexOf('&', last);
    }
    return out + raw.slice(last);
  };

  const readName = (): string => {
    const start = pos;
    while (pos < n) {
      const c = src.charCodeAt(pos);
      if (isSpace(c) || c === 0x2f /* / */ || c === 0x3e /* > */ || c === 0x3d /* = */ || c === 0x3c || c === 0x22 || c === 0x27 || c === 0x3f) break;
      pos++;
      if (pos - start > limits.maxNameLength) {
        throw xmlError(src, start, 'xml.nameTooLong', { max: limits.maxNameLength });
      }
    }
    const name = src.slice(start, pos);
    if (!NAME.test(name)) fail(start, name ? `'${name.slice(0, 40)}' is not a valid name` : 'a name was expected', name ? `“${name.slice(0, 40)}”不是有效的名称` : '此处应为名称');
    return name;
  };
  const skipSpace = (): number => {
    const start = pos;
    while (pos < n && isSpace(src.charCodeAt(pos))) pos++;
    return pos - start;
  };
  const expectEnd = (marker: string, from: number, what: string, whatZh: string): number => {
    const end = src.indexOf(marker, from);
    if (end === -1) fail(from, `${what} is not closed with '${marker}'`, `${whatZh}没有以“${marker}”结束`);
    return end;
  };

  // The XML declaration, if any, only at the very start.
  if (src.startsWith('<?xml', pos) && isSpace(src.charCodeAt(pos + 5))) {
    const end = expectEnd('?>', pos, 'the XML declaration', 'XML 声明');
    const decl = src.slice(pos + 5, end);
    if (!/^\s+version\s*=\s*(["'])1\.[0-9]+\1(\s+encoding\s*=\s*(["'])[A-Za-z][-A-Za-z0-9._]*\3)?(\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*$/.test(decl)) {
      fail(pos, 'malformed XML declaration', 'XML 声明格式错误');
    }
    pos = end + 2;
  }

  let depth = 0;
  let seenRoot = false;
  while (pos < n) {
    const lt = src.indexOf('<', pos);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > pos) {
      const raw = src.slice(pos, textEnd);
      if (depth === 0) {
        const i = raw.search(/\S/);
        if (i !== -1) {
          if (seenRoot) throw xmlError(src, pos + i, 'xml.afterRoot');
          fail(pos + i, 'text outside the root element', '根元素之外有文本');
        }
      } else {
        if (raw.length > limits.maxTextLength) throw xmlError(src, pos, 'xml.textTooLong', { max: limits.maxTextLength });
        handler.text(decode(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw, pos), pos);
      }
    }
    if (lt === -1) break;
    pos = lt;
    const next = src.charCodeAt(pos + 1);
    if (next === 0x21 /* ! */) {
      if (src.startsWith('<!--', pos)) {
        const end = expectEnd('-->', pos + 4, 'a comment', '注释');
        pos = end + 3;
      } else if (src.startsWith('<![CDATA[', pos)) {
        if (depth === 0) fail(pos, 'CDATA outside the root element', '根元素之外有 CDATA');
        const end = expectEnd(']]>', pos + 9, 'a CDATA section', 'CDATA 段');
        if (end - pos - 9 > limits.maxTextLength) throw xmlError(src, pos, 'xml.textTooLong', { max: limits.maxTextLength });
        const raw = src.slice(pos + 9, end);
        handler.text(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw, pos);
        pos = end + 3;
      } else if (/^<!doctype/i.test(src.slice(pos, pos + 9))) {
        throw xmlError(src, pos, 'xml.doctype');
      } else if (/^<!entity/i.test(src.slice(pos, pos + 8))) {
        throw xmlError(src, pos, 'xml.entityDeclaration');
      } else {
        fail(pos, "unexpected '<!'", '意外的“<!”');
      }
    } else if (next === 0x3f /* ? */) {
      const start = pos;
      pos += 2;
      const target = readName();
      if (target.toLowerCase() === 'xml') fail(start, 'the XML declaration is allowed only at the start', 'XML 声明只能位于文件开头');
      pos = expectEnd('?>', pos, 'a processing instruction', '处理指令') + 2;
    } else if (next === 0x2f /* / */) {
      const start = pos;
      pos += 2;
      const name = readName();
      skipSpace();
      if (src.charCodeAt(pos) !== 0x3e) fail(pos, `'>' expected to end </${name}`, `</${name}> 缺少“>”`);
      pos++;
      if (depth === 0) fail(start, `</${name}> closes nothing`, `</${name}> 没有对应的开始标签`);
      depth--;
      handler.end(name, start);
    } else {
      const start = pos;
      pos++;
      if (depth === 0 && seenRoot) throw xmlError(src, start, 'xml.afterRoot');
      const name = readName();
      const attributes = new Map<string, string>();
      for (;;) {
        const spaced = skipSpace();
        const c = src.charCodeAt(pos);
        if (c === 0x3e /* > */) {
          pos++;
          depth++;
          seenRoot = true;
          handler.start(name, attributes, false, start);
          break;
        }
        if (c === 0x2f /* / */ && src.charCodeAt(pos + 1) === 0x3e) {
          pos += 2;
          seenRoot = true;
          handler.start(name, attributes, true, start);
          break;
        }
        if (pos >= n) fail(start, `the tag <${name}> is not closed with '>'`, `标签 <${name}> 没有以“>”结束`);
        if (!spaced) fail(pos, 'a space is needed before an attribute', '属性前需要空格');
        const attrAt = pos;
        const attr = readName();
        skipSpace();
        if (src.charCodeAt(pos) !== 0x3d) fail(pos, `'=' expected after attribute ${attr}`, `属性 ${attr} 后应为“=”`);
        pos++;
        skipSpace();
        const q = src.charCodeAt(pos);
        if (q !== 0x22 && q !== 0x27) fail(pos, `a quoted value expected for attribute ${attr}`, `属性 ${attr} 的值应加引号`);
        const close = src.indexOf(q === 0x22 ? '"' : "'", pos + 1);
        if (close === -1) fail(pos, `the value of attribute ${attr} is not closed`, `属性 ${attr} 的值没有结束引号`);
        if (close - pos - 1 > limits.maxAttributeLength * 6) {
          // Even fully escaped, such a value could not decode within the cap.
          throw xmlError(src, attrAt, 'xml.attributeTooLong', { name: attr, max: limits.maxAttributeLength });
        }
        let raw = src.slice(pos + 1, close);
        const ltIn = raw.indexOf('<');
        if (ltIn !== -1) fail(pos + 1 + ltIn, `'<' is not allowed in the value of attribute ${attr}`, `属性 ${attr} 的值中不能有“<”`);
        // Attribute-value normalisation (XML 1.0 3.3.3): literal line ends and tabs become
        // spaces; the same characters written as references survive.
        if (/[\t\n\r]/.test(raw)) raw = raw.replace(/\r\n?|[\n\t]/g, ' ');
        const value = decode(raw, pos + 1);
        if (value.length > limits.maxAttributeLength) {
          throw xmlError(src, attrAt, 'xml.attributeTooLong', { name: attr, max: limits.maxAttributeLength });
        }
        if (attributes.has(attr)) throw xmlError(src, attrAt, 'xml.duplicateAttribute', { name: attr });
        if (attributes.size >= limits.maxAttributes) {
          throw xmlError(src, attrAt, 'xml.tooManyAttributes', { name, max: limits.maxAttributes });
        }
        attributes.set(attr, value);
        pos = close + 1;
      }
    }
  }
  if (!seenRoot) throw new LabelError('xml.noRoot');
}
