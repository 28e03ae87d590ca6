import { describe, expect, it } from 'vitest';
import { LabelError, formatLabelMessage } from '../errors.ts';
import { parseXml, textContent, type XmlElement } from './tree.ts';
import { element, writeXml } from './writer.ts';
import { decodeXmlBytes } from './decode.ts';

function refused(src: string, limits = {}): LabelError {
  try {
    parseXml(src, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(LabelError);
    return e as LabelError;
  }
  throw new Error('expected the XML to be refused');
}

describe('parseXml: well-formed input', () => {
  it('reads elements, attributes, text, CDATA, comments and processing instructions', () => {
    const root = parseXml(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- c --><?app x?>\n<a k="1" j='two'><b/>t<![CDATA[<raw & stuff>]]><!-- in --><c x="y">z</c></a>\n<!-- after -->`,
    );
    expect(root.name).toBe('a');
    expect([...root.attributes]).toEqual([['k', '1'], ['j', 'two']]);
    expect(root.children.length).toBe(3);
    expect(root.children[1]).toBe('t<raw & stuff>');
    expect(textContent(root)).toBe('t<raw & stuff>z');
  });

  it('decodes the five entities and numeric references', () => {
    const root = parseXml(`<a v="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;">&lt;&#20013;&#x6587;&gt;</a>`);
    expect(root.attributes.get('v')).toBe(`<>&"'AB😀`);
    expect(root.children[0]).toBe('<中文>');
  });

  it('normalises line ends in text and whitespace in attributes, keeping references', () => {
    const root = parseXml(`<a v="x\r\ny\tz&#10;&#13;&#9;">1\r\n2\r3</a>`);
    expect(root.attributes.get('v')).toBe('x y z\n\r\t');
    expect(root.children[0]).toBe('1\n2\n3');
  });

  it('keeps attribute names as plain data, __proto__ included', () => {
    const root = parseXml(`<a __proto__="x" constructor="y"/>`);
    expect(root.attributes.get('__proto__')).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('accepts a byte-order mark and non-ASCII names', () => {
    expect(parseXml('\uFEFF<标签 名="值"/>').attributes.get('名')).toBe('值');
  });
});

describe('parseXml: refuses hostile input with a clear message', () => {
  it('refuses DOCTYPE (billion laughs, external entities) before expanding anything', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(refused(laughs).code).toBe('xml.doctype');
    const xxe = `<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>`;
    const e = refused(xxe);
    expect(e.code).toBe('xml.doctype');
    expect(e.params.line).toBe(1);
    expect(refused(`<!doctype html><a/>`).code).toBe('xml.doctype');
  });

  it('refuses entity declarations and unknown entities', () => {
    expect(refused(`<!ENTITY x "y"><a/>`).code).toBe('xml.entityDeclaration');
    const e = refused(`<a>\n  &nbsp;</a>`);
    expect(e.code).toBe('xml.unknownEntity');
    expect(e.params).toMatchObject({ name: 'nbsp', line: 2, column: 3 });
    expect(refused(`<a v="&xxe;"/>`).code).toBe('xml.unknownEntity');
  });

  it('refuses bad character references and raw control characters', () => {
    for (const ref of ['&#0;', '&#xD800;', '&#x110000;', '&#xZZ;', '&#;', '&#99999999;']) expect(refused(`<a>${ref}</a>`).code).toBe('xml.badCharRef');
    expect(refused(`<a>\u0001</a>`).code).toBe('xml.badChar');
    expect(refused(`<a>\0</a>`).params.code).toBe('0000');
    expect(refused(`<a>& b</a>`).code).toBe('xml.syntax');
  });

  it('refuses huge attributes, with the default cap and a tighter one', () => {
    const big = 'A'.repeat(1000);
    expect(refused(`<a v="${big}"/>`, { maxAttributeLength: 999 })).toMatchObject({ code: 'xml.attributeTooLong', params: { name: 'v', max: 999 } });
    expect(parseXml(`<a v="${big}"/>`, { maxAttributeLength: 1000 }).attributes.get('v')).toHaveLength(1000);
    const huge = 'B'.repeat(33 * 1024 * 1024);
    expect(refused(`<a v="${huge}"/>`).code).toBe('xml.attributeTooLong');
    expect(refused(`<a>${big}</a>`, { maxTextLength: 10 }).code).toBe('xml.textTooLong');
  });

  it('refuses deep nesting without exhausting the stack', () => {
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    const e = refused(deep);
    expect(e.code).toBe('xml.tooDeep');
    expect(e.params.max).toBe(32);
    expect(refused('<a>'.repeat(5) + '</a>'.repeat(5), { maxDepth: 4 }).code).toBe('xml.tooDeep');
  });

  it('refuses too many elements, attributes and too-large input', () => {
    expect(refused(`<a>${'<b/>'.repeat(101)}</a>`, { maxElements: 100 }).code).toBe('xml.tooManyElements');
    const attrs = Array.from({ length: 201 }, (_, i) => `a${i}="1"`).join(' ');
    expect(refused(`<a ${attrs}/>`).code).toBe('xml.tooManyAttributes');
    expect(refused(`<a/>`, { maxInputLength: 3 }).code).toBe('xml.tooLarge');
    expect(refused(`<${'n'.repeat(300)}/>`).code).toBe('xml.nameTooLong');
  });

  it('refuses unclosed, mismatched and stray tags', () => {
    expect(refused(`<a><b>`)).toMatchObject({ code: 'xml.unclosed', params: { name: 'b', line: 1 } });
    expect(refused(`<a>\n<b></c></a>`)).toMatchObject({ code: 'xml.mismatched', params: { expected: 'b', found: 'c', line: 2 } });
    expect(refused(`</a>`).code).toBe('xml.syntax');
    expect(refused(`<a/><b/>`).code).toBe('xml.afterRoot');
    expect(refused(`<a/>text`).code).toBe('xml.afterRoot');
    expect(refused(`text<a/>`).code).toBe('xml.syntax');
    expect(refused(``).code).toBe('xml.noRoot');
    expect(refused(`<!-- only a comment -->`).code).toBe('xml.noRoot');
    expect(refused(`<a v="1" v="2"/>`).code).toBe('xml.duplicateAttribute');
    expect(refused(`<a v=1/>`).code).toBe('xml.syntax');
    expect(refused(`<a v="1"w="2"/>`).code).toBe('xml.syntax');
    expect(refused(`<a v="<"/>`).code).toBe('xml.syntax');
    expect(refused(`<a v="x/>`).code).toBe('xml.syntax');
    expect(refused(`<a><!-- never closed</a>`).code).toBe('xml.syntax');
    expect(refused(`<a><![CDATA[ never closed</a>`).code).toBe('xml.syntax');
    expect(refused(`<a><?xml version="1.0"?></a>`).code).toBe('xml.syntax');
    expect(refused(`<1a/>`).code).toBe('xml.syntax');
  });

  it('never throws anything but a LabelError on garbage', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const pieces = ['<', '>', '/', '"', "'", '=', '&', ';', '#', 'x', 'a', 'LPAPI', ' ', '\n', '<!', '<?', '?>', '--', '[', ']', 'CDATA', '&amp;', '&#', '中'];
    for (let i = 0; i < 3000; i++) {
      let s = '';
      const n = Math.floor(rand() * 40);
      for (let j = 0; j < n; j++) s += pieces[Math.floor(rand() * pieces.length)];
      try {
        parseXml(s);
      } catch (e) {
        expect(e).toBeInstanceOf(LabelError);
      }
    }
  });

  it('has messages in Chinese and English with the parameters filled in', () => {
    const e = refused(`<a>\n&bogus;</a>`);
    expect(formatLabelMessage(e.code, e.params, 'en')).toBe('Unknown entity &bogus; at line 2, column 1.');
    expect(formatLabelMessage(e.code, e.params, 'zh-CN')).toBe('未知实体 &bogus;，位于第 2 行第 1 列。');
    expect(e.message).toContain('Unknown entity');
    const syntax = refused(`<a v=1/>`);
    expect(formatLabelMessage(syntax.code, syntax.params, 'en')).toBe("Malformed XML at line 1, column 6: a quoted value expected for attribute v.");
    expect(formatLabelMessage(syntax.code, syntax.params, 'zh-CN')).toBe('XML 格式错误，位于第 1 行第 6 列：属性 v 的值应加引号。');
  });

  it('tolerates blank lines before the declaration', () => {
    expect(parseXml('\n  <?xml version="1.0"?><a/>').name).toBe('a');
  });
});

describe('writeXml', () => {
  it('round-trips any string in attributes and text', () => {
    const nasty = `a&b<c>d"e'f\tg\nh\r\ni\u0001j\u001fk\uFFFE中文😀 ]]> &amp;`;
    const root = element('r', [['v', nasty], ['w', '']], [element('c', [], [nasty]), element('e')]);
    const xml = writeXml(root, { indent: '' });
    const back = parseXml(xml);
    expect(back.attributes.get('v')).toBe(nasty);
    expect(back.attributes.get('w')).toBe('');
    expect((back.children[0] as XmlElement).children[0]).toBe(nasty);
    expect(writeXml(back, { indent: '' })).toBe(xml);
  });

  it('indents element-only content and writes a declaration', () => {
    const xml = writeXml(element('a', [['k', '1']], [element('b', [], [element('c')])]));
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a k="1">\n  <b>\n    <c/>\n  </b>\n</a>\n');
  });

  it('writes deep trees without recursion', () => {
    let el = element('leaf');
    for (let i = 0; i < 50_000; i++) el = element('n', [], [el]);
    expect(writeXml(el, { indent: '' }).length).toBeGreaterThan(50_000 * 7);
  });
});

describe('decodeXmlBytes', () => {
  it('decodes UTF-8 (with or without BOM) and UTF-16 by BOM', () => {
    const s = '<a v="中文"/>';
    const utf8 = new TextEncoder().encode(s);
    expect(decodeXmlBytes(utf8)).toBe(s);
    expect(decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(s);
    const le = new Uint8Array(2 + s.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < s.length; i++) (le[2 + i * 2] = s.charCodeAt(i) & 0xff), (le[3 + i * 2] = s.charCodeAt(i) >> 8);
    expect(decodeXmlBytes(le)).toBe(s);
  });

  it('decodes GBK files declared as such', () => {
    // "中文" in GBK is D6 D0 CE C4.
    const head = new TextEncoder().encode('<?xml version="1.0" encoding="GBK"?><a v="');
    const bytes = new Uint8Array([...head, 0xd6, 0xd0, 0xce, 0xc4, 0x22, 0x2f, 0x3e]);
    expect(parseXml(decodeXmlBytes(bytes)).attributes.get('v')).toBe('中文');
  });

  it('refuses invalid UTF-8 and unknown encodings', () => {
    expect(() => decodeXmlBytes(new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e]))).toThrow(LabelError);
    expect(() => decodeXmlBytes(new TextEncoder().encode('<?xml version="1.0" encoding="EBCDIC-X"?><a/>'))).toThrow(/unsupported encoding/);
  });
});
