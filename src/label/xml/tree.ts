/**
 * Builds an element tree from the tokenizer's events and enforces the structural caps
 * (depth, element count) and well-formedness (every tag closed by its own name).
 */
import { LabelError } from '../errors.ts';
import { DEFAULT_XML_LIMITS, type XmlLimits } from './limits.ts';
import { position, tokenize, xmlError } from './tokenizer.ts';

export interface XmlElement {
  name: string;
  /** Attribute name to decoded value, in document order. A Map, so names such as
   * `__proto__` are plain data. */
  attributes: Map<string, string>;
  /** Child elements and text (adjacent text and CDATA merged), in document order. */
  children: XmlNode[];
  /** 1-based line of the start tag, for messages. */
  line: number;
}

export type XmlNode = XmlElement | string;

/** Parses `src` into its root element; throws a `LabelError` when the text is refused. */
export function parseXml(src: string, limits: Partial<XmlLimits> = {}): XmlElement {
  const caps: XmlLimits = { ...DEFAULT_XML_LIMITS, ...limits };
  const stack: XmlElement[] = [];
  const offsets: number[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  // Line numbers are counted incrementally: offsets only grow.
  let lineAt = 0;
  let line = 1;
  const lineOf = (offset: number): number => {
    for (let i = src.indexOf('\n', lineAt); i !== -1 && i < offset; i = src.indexOf('\n', i + 1)) {
      line++;
      lineAt = i + 1;
    }
    return line;
  };

  tokenize(
    src,
    {
      start(name, attributes, selfClosing, offset) {
        if (++count > caps.maxElements) throw new LabelError('xml.tooManyElements', { max: caps.maxElements });
        if (stack.length + 1 > caps.maxDepth) throw xmlError(src, offset, 'xml.tooDeep', { max: caps.maxDepth });
        const el: XmlElement = { name, attributes, children: [], line: lineOf(offset) };
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(el);
        else root = el;
        if (!selfClosing) {
          stack.push(el);
          offsets.push(offset);
        }
      },
      end(name, offset) {
        const open = stack.pop()!;
        offsets.pop();
        if (open.name !== name) {
          throw new LabelError('xml.mismatched', { expected: open.name, found: name, line: position(src, offset).line });
        }
      },
      text(value) {
        const parent = stack[stack.length - 1]!;
        const last = parent.children.length - 1;
        if (last >= 0 && typeof parent.children[last] === 'string') {
          const merged = (parent.children[last] as string) + value;
          if (merged.length > caps.maxTextLength) throw new LabelError('xml.textTooLong', { max: caps.maxTextLength, line: parent.line });
          parent.children[last] = merged;
        } else {
          parent.children.push(value);
        }
      },
    },
    caps,
  );
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw new LabelError('xml.unclosed', { name: open.name, line: open.line });
  }
  if (!root) throw new LabelError('xml.noRoot');
  return root;
}

/** Case-insensitive attribute lookup (vendor files vary in case: `labelwidth`). */
export function attributeMap(el: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of el.attributes) {
    const key = k.toLowerCase();
    if (!out.has(key)) out.set(key, v);
  }
  return out;
}

export function childElements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

export function textContent(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
}
