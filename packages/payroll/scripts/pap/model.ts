/**
 * Reads a BMF PAP XML document into a plain model: declared fields, constants and the
 * statement tree of every method. Expressions stay source text here; `java-expr.ts`
 * parses them.
 */
import { parseXml, type XmlElement } from './xml.js';

/** Java type of a PAP field as declared in the XML. */
export type PapType = 'int' | 'double' | 'BigDecimal';

/** A field declared in INPUTS, OUTPUTS or INTERNALS. */
export interface PapField {
  readonly name: string;
  readonly role: 'input' | 'output' | 'internal';
  readonly type: PapType;
  /** The XML `default` attribute as written (a Java expression), if any. */
  readonly defaultText: string | undefined;
  /** The comment in front of the declaration (German, from the BMF). */
  readonly doc: string;
  /** OUTPUTS type attribute (STANDARD, DBA), outputs only. */
  readonly outputGroup: string | undefined;
}

/** A declared constant (scalar or array). */
export interface PapConstant {
  readonly name: string;
  readonly type: string;
  readonly valueText: string;
  readonly doc: string;
}

/** One statement of the PAP pseudo-code. `line` points into the XML. */
export type PapStatement =
  | { readonly kind: 'eval'; readonly exec: string; readonly line: number }
  | { readonly kind: 'execute'; readonly method: string; readonly line: number }
  | {
      readonly kind: 'if';
      readonly expr: string;
      readonly then: readonly PapStatement[];
      readonly else: readonly PapStatement[];
      readonly line: number;
    };

/** A method of the PAP with its leading comment. */
export interface PapMethod {
  readonly name: string;
  readonly doc: string;
  readonly body: readonly PapStatement[];
}

/** The whole PAP document. */
export interface PapModel {
  readonly name: string;
  readonly version: string;
  /** The "Stand" comment (release timestamp) if present. */
  readonly stand: string | undefined;
  readonly fields: readonly PapField[];
  readonly constants: readonly PapConstant[];
  readonly methods: ReadonlyMap<string, PapMethod>;
  readonly main: readonly PapStatement[];
}

const FIELD_ROLES = { INPUTS: 'input', OUTPUTS: 'output', INTERNALS: 'internal' } as const;

function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.find((c) => c.name === name);
  if (!found) throw new Error(`PAP XML line ${element.line}: <${element.name}> has no <${name}>`);
  return found;
}

function attr(element: XmlElement, name: string): string {
  const value = element.attrs[name];
  if (value === undefined) throw new Error(`PAP XML line ${element.line}: <${element.name}> lacks attribute ${name}`);
  return value;
}

function docOf(element: XmlElement): string {
  return element.comments.join('\n').trim();
}

function parseType(text: string, line: number): PapType {
  if (text === 'int' || text === 'double' || text === 'BigDecimal') return text;
  throw new Error(`PAP XML line ${line}: unsupported field type "${text}"`);
}

function readFields(variables: XmlElement): PapField[] {
  const fields: PapField[] = [];
  for (const group of variables.children) {
    const role = FIELD_ROLES[group.name as keyof typeof FIELD_ROLES] as PapField['role'] | undefined;
    if (!role) throw new Error(`PAP XML line ${group.line}: unexpected <${group.name}> in VARIABLES`);
    for (const decl of group.children) {
      fields.push({
        name: attr(decl, 'name'),
        role,
        type: parseType(attr(decl, 'type'), decl.line),
        defaultText: decl.attrs['default'],
        doc: docOf(decl),
        outputGroup: role === 'output' ? group.attrs['type'] : undefined,
      });
    }
  }
  return fields;
}

function readStatements(elements: readonly XmlElement[]): PapStatement[] {
  return elements.map((element): PapStatement => {
    switch (element.name) {
      case 'EVAL':
        return { kind: 'eval', exec: attr(element, 'exec'), line: element.line };
      case 'EXECUTE':
        return { kind: 'execute', method: attr(element, 'method'), line: element.line };
      case 'IF': {
        const thenElement = element.children.find((c) => c.name === 'THEN');
        const elseElement = element.children.find((c) => c.name === 'ELSE');
        const unknown = element.children.find((c) => c.name !== 'THEN' && c.name !== 'ELSE');
        if (unknown) throw new Error(`PAP XML line ${unknown.line}: unexpected <${unknown.name}> in IF`);
        return {
          kind: 'if',
          expr: attr(element, 'expr'),
          then: readStatements(thenElement?.children ?? []),
          else: readStatements(elseElement?.children ?? []),
          line: element.line,
        };
      }
      default:
        throw new Error(`PAP XML line ${element.line}: unsupported statement <${element.name}>`);
    }
  });
}

/** Parses PAP XML text into a model. Throws with an XML line number on anything unexpected. */
export function readPapModel(xmlText: string): PapModel {
  const root = parseXml(xmlText);
  if (root.name !== 'PAP') throw new Error(`PAP XML: root element is <${root.name}>, expected <PAP>`);
  const fields = readFields(child(root, 'VARIABLES'));
  const constants = child(root, 'CONSTANTS').children.map((c) => ({
    name: attr(c, 'name'),
    type: attr(c, 'type'),
    valueText: attr(c, 'value'),
    doc: docOf(c),
  }));
  const methodsElement = child(root, 'METHODS');
  const methods = new Map<string, PapMethod>();
  for (const m of methodsElement.children) {
    if (m.name !== 'METHOD') continue;
    const name = attr(m, 'name');
    if (methods.has(name)) throw new Error(`PAP XML line ${m.line}: method ${name} declared twice`);
    methods.set(name, { name, doc: docOf(m), body: readStatements(m.children) });
  }
  const stand = /<!--\s*Stand:\s*(.*?)\s*-->/.exec(xmlText)?.[1];
  return {
    name: attr(root, 'name'),
    version: attr(root, 'version'),
    stand,
    fields,
    constants,
    methods,
    main: readStatements(child(methodsElement, 'MAIN').children),
  };
}
