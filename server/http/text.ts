/**
 * Text the database cannot keep as sent. PostgreSQL refuses U+0000 in text (the query fails,
 * which used to surface as code 1), and a lone UTF-16 surrogate (valid in a JS string and in
 * JSON's \uD800 escape, but not a Unicode character) becomes U+FFFD when encoded as UTF-8, so
 * it was stored changed without a word. Both are refused as parameter errors wherever input
 * is parsed (http/body.ts), for every route at once.
 */

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(text: string): boolean {
  return !BAD_TEXT.test(text);
}

/**
 * The path ('a.b.0') of the first string in a parsed JSON value or query (object keys
 * included) that is not clean text; null when every one is. Depth is bounded by JSON.parse's
 * own nesting, and the walk is iterative so a deeply nested body cannot overflow the stack.
 */
export function badTextPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) return path || 'body';
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => stack.push({ value: v, path: path ? `${path}.${i}` : String(i) }));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, v] of Object.entries(item)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) return path || 'body';
        stack.push({ value: v, path: keyPath });
      }
    }
  }
  return null;
}
