/**
 * Tests' view of two XML files: every difference between their element trees, one line
 * each, so that "only the moved control's x and y differ" is a plain list to compare.
 */
import { childElements, type XmlElement } from '../xml/tree.ts';

/**
 * Differences between two trees: elements by path (tag and place among the parent's child
 * elements, `LPAPI/Page[0]/Text[3]`), attributes by name with both values, attribute order,
 * text, and child counts. White space between elements is layout and not compared.
 */
export function xmlDiff(a: XmlElement, b: XmlElement, path = a.name): string[] {
  const out: string[] = [];
  if (a.name !== b.name) out.push(`${path}: tag ${a.name} -> ${b.name}`);
  for (const [k, v] of a.attributes) if (b.attributes.get(k) !== v) out.push(`${path}@${k}: ${b.attributes.has(k) ? `${JSON.stringify(v)} -> ${JSON.stringify(b.attributes.get(k))}` : `${JSON.stringify(v)} -> (none)`}`);
  for (const [k, v] of b.attributes) if (!a.attributes.has(k)) out.push(`${path}@${k}: (none) -> ${JSON.stringify(v)}`);
  const shared = [...a.attributes.keys()].filter((k) => b.attributes.has(k));
  const sharedB = [...b.attributes.keys()].filter((k) => a.attributes.has(k));
  if (shared.join() !== sharedB.join()) out.push(`${path}: attribute order ${shared.join()} -> ${sharedB.join()}`);
  const text = (x: XmlElement) => x.children.filter((c): c is string => typeof c === 'string').join('').trim();
  if (text(a) !== text(b)) out.push(`${path}: text ${JSON.stringify(text(a))} -> ${JSON.stringify(text(b))}`);
  const ac = childElements(a);
  const bc = childElements(b);
  if (ac.length !== bc.length) out.push(`${path}: ${ac.length} -> ${bc.length} children`);
  for (let i = 0; i < Math.min(ac.length, bc.length); i++) out.push(...xmlDiff(ac[i]!, bc[i]!, `${path}/${ac[i]!.name}[${i}]`));
  return out;
}
