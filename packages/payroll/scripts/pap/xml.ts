/**
 * Minimal XML reader for the BMF PAP pseudo-code files.
 *
 * The PAP files use a tiny XML subset (elements, attributes, comments, a BOM, the five
 * predefined entities). A dedicated reader keeps the generator free of runtime
 * dependencies and lets it keep the comments, which become JSDoc in the generated code.
 */

/** An XML element with its attributes, children and the comments directly before it. */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Comments between the previous sibling (or the parent's start tag) and this element. */
  readonly comments: readonly string[];
  /** 1-based line of the start tag, for error messages. */
  readonly line: number;
}

interface MutableElement {
  name: string;
  attrs: Record<string, string>;
  children: MutableElement[];
  comments: string[];
  line: number;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and numeric character references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

function parseAttributes(source: string, line: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  const attrPattern = /([A-Za-z_][\w.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
  let rest = source;
  for (const match of source.matchAll(attrPattern)) {
    const name = match[1] as string;
    attrs[name] = decodeEntities(match[3] ?? match[4] ?? '');
    rest = rest.replace(match[0], '');
  }
  if (rest.trim() !== '') throw new Error(`XML line ${line}: cannot parse attributes "${rest.trim()}"`);
  return attrs;
}

/** Parses an XML document and returns its root element. Throws on malformed input. */
export function parseXml(text: string): XmlElement {
  const source = text.replace(/^\uFEFF/, '');
  // Attribute values are matched as whole quoted strings because some PAP files contain a raw
  // ">" inside an attribute (e.g. expr = "R > 0"), which is legal XML.
  const tokenPattern =
    /<!--([\s\S]*?)-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  const stack: MutableElement[] = [];
  let root: MutableElement | undefined;
  let pendingComments: string[] = [];
  let lastIndex = 0;
  let line = 1;
  for (const match of source.matchAll(tokenPattern)) {
    const between = source.slice(lastIndex, match.index);
    if ((between.trim() !== '' && stack.length === 0) || between.includes('<')) {
      throw new Error(`XML line ${line}: unexpected text or malformed tag near "${between.trim().slice(0, 40)}"`);
    }
    line += countNewlines(between);
    const tokenLine = line;
    line += countNewlines(match[0]);
    lastIndex = match.index + match[0].length;
    if (match[1] !== undefined) {
      pendingComments.push(match[1].trim());
      continue;
    }
    const tagName = match[3];
    if (tagName === undefined) continue; // processing instruction or CDATA: not used by the PAP
    if (match[2] === '/') {
      const open = stack.pop();
      if (open?.name !== tagName) throw new Error(`XML line ${tokenLine}: unexpected </${tagName}>`);
      pendingComments = [];
      continue;
    }
    const element: MutableElement = {
      name: tagName,
      attrs: parseAttributes(match[4] ?? '', tokenLine),
      children: [],
      comments: pendingComments,
      line: tokenLine,
    };
    pendingComments = [];
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`XML line ${tokenLine}: second root element <${tagName}>`);
    else root = element;
    if (match[5] !== '/') stack.push(element);
  }
  if (stack.length > 0) throw new Error(`XML: unclosed element <${stack[stack.length - 1]?.name ?? ''}>`);
  if (!root) throw new Error('XML: no root element');
  return root;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
