/**
 * Serialises an element tree as UTF-8-declared XML 1.0. Every string survives a round trip
 * through `parseXml`: markup characters are escaped, tabs and line ends in attributes and
 * carriage returns in text are written as character references (a reader would otherwise
 * normalise them), and other control characters as references too (see tokenizer.ts).
 */
import type { XmlElement, XmlNode } from './tree.ts';

const ATTR_SPECIAL = /[&<>"\x00-\x1F\uFFFE\uFFFF]/g;
const TEXT_SPECIAL = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

function ref(c: string): string {
  switch (c) {
    case '&': return '&amp;';
    case '<': return '&lt;';
    case '>': return '&gt;';
    case '"': return '&quot;';
    default: return `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
  }
}

export function escapeAttribute(v: string): string {
  return v.replace(ATTR_SPECIAL, ref);
}

export function escapeText(v: string): string {
  return v.replace(TEXT_SPECIAL, ref);
}

export interface WriteOptions {
  /** Indentation per level for element-only content; '' writes one line. Default two spaces. */
  indent?: string;
  /** Write `<?xml version="1.0" encoding="UTF-8"?>` first; default true. */
  declaration?: boolean;
}

export function writeXml(root: XmlElement, options: WriteOptions = {}): string {
  const indent = options.indent ?? '  ';
  const parts: string[] = [];
  if (options.declaration !== false) parts.push('<?xml version="1.0" encoding="UTF-8"?>', indent ? '\n' : '');
  // Iterative so that depth never costs stack.
  type Frame = { el: XmlElement; i: number; depth: number; pretty: boolean };
  const open = (el: XmlElement, depth: number, pretty: boolean): Frame | undefined => {
    if (pretty && depth > 0) parts.push('\n', indent.repeat(depth));
    parts.push('<', el.name);
    for (const [k, v] of el.attributes) parts.push(' ', k, '="', escapeAttribute(v), '"');
    if (el.children.length === 0) {
      parts.push('/>');
      return undefined;
    }
    parts.push('>');
    const childPretty = indent !== '' && el.children.every((c: XmlNode) => typeof c !== 'string');
    return { el, i: 0, depth, pretty: childPretty };
  };
  const stack: Frame[] = [];
  const first = open(root, 0, false);
  if (first) stack.push(first);
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.i < f.el.children.length) {
      const c = f.el.children[f.i++]!;
      if (typeof c === 'string') parts.push(escapeText(c));
      else {
        const child = open(c, f.depth + 1, f.pretty);
        if (child) stack.push(child);
      }
    } else {
      if (f.pretty) parts.push('\n', indent.repeat(f.depth));
      parts.push('</', f.el.name, '>');
      stack.pop();
    }
  }
  if (indent) parts.push('\n');
  return parts.join('');
}

/** Builds an element: attributes from entries whose value is not undefined. */
export function element(name: string, attributes: Iterable<[string, string | undefined]> = [], children: XmlNode[] = []): XmlElement {
  const map = new Map<string, string>();
  for (const [k, v] of attributes) if (v !== undefined) map.set(k, v);
  return { name, attributes: map, children, line: 0 };
}
