export { parseXml, attributeMap, childElements, textContent, type XmlElement, type XmlNode } from './tree.ts';
export { writeXml, element, escapeAttribute, escapeText, type WriteOptions } from './writer.ts';
export { decodeXmlBytes } from './decode.ts';
export { DEFAULT_XML_LIMITS, type XmlLimits } from './limits.ts';
