/**
 * What a revision after a signature changed, object by object, and whether PAdES lets it follow a
 * signature (ETSI EN 319 142-1, 5.4; PDF 32000-1, 12.8.2.2 DocMDP with P=2): a signature field added
 * (its widget, its appearance, its entry in /Fields and in the page's /Annots, /SigFlags), an empty
 * signature field filled, the DSS with its VRI, a document timestamp. Anything else, a page's content,
 * resources or any other object, is a change of the signed document, reported with where it is.
 */
import {
  isDict,
  isRef,
  isString,
  nameOf,
  PdfName,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './pdf-structure-lexer.js';
import type { PdfObjects, PdfStructure } from './pdf-structure.js';

export type ChangeKind = 'page' | 'form' | 'annotation' | 'metadata' | 'document';

export interface Change {
  kind: ChangeKind;
  /** 1-based page, for a change of a page or what it draws. */
  page?: number;
}

const MAX_PAGES = 10_000;
const MAX_COMPARE_STEPS = 200_000;

/** Structural equality, bounded (a crafted pair of huge arrays is "different", never slow). */
function sameValue(a: PdfValue | undefined, b: PdfValue | undefined, budget = { steps: 0 }): boolean {
  if (++budget.steps > MAX_COMPARE_STEPS) return false;
  if (a === b) return true;
  if (a instanceof PdfName && b instanceof PdfName) return a.name === b.name;
  if (isRef(a) && isRef(b)) return a.num === b.num && a.gen === b.gen;
  if (isString(a) && isString(b)) return a.hex === b.hex && a.source === b.source;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i], budget));
  }
  if (isDict(a) && isDict(b)) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !sameValue(value, b.get(key), budget)) return false;
    return true;
  }
  return false;
}

function sameObject(bytes: Uint8Array, a: PdfObject, b: PdfObject): boolean {
  if (!sameValue(a.value, b.value)) return false;
  if (!a.stream || !b.stream) return a.stream === b.stream;
  return Buffer.from(bytes.subarray(a.stream.start, a.stream.end)).equals(bytes.subarray(b.stream.start, b.stream.end));
}

const refNum = (value: PdfValue | undefined): number | null => (isRef(value) ? value.num : null);

/** What each object of the signed revision is, for the objects a later revision may touch. */
interface Roles {
  catalog: number | null;
  acroForm: number | null;
  fieldsArray: number | null;
  info: number | null;
  /** Page objects, their /Annots arrays, contents and resources, by object number: the page (1-based). */
  pageOf: Map<number, number>;
  pages: Set<number>;
  annotArrays: Set<number>;
  dss: Set<number>;
}

function collectPages(objects: PdfObjects, root: PdfValue | undefined, upTo: number, roles: Roles): void {
  const stack: number[] = [];
  const seen = new Set<number>();
  const rootNum = refNum(root);
  if (rootNum !== null) stack.push(rootNum);
  while (stack.length > 0 && roles.pages.size < MAX_PAGES && seen.size < 4 * MAX_PAGES) {
    const num = stack.pop() as number;
    if (seen.has(num)) continue;
    seen.add(num);
    const node = objects.object(num, upTo)?.value;
    if (!isDict(node)) continue;
    const kids = objects.resolve(node.get('Kids'), upTo);
    if (Array.isArray(kids)) {
      // Reversed onto the stack: pages come off in document order.
      for (let i = kids.length - 1; i >= 0; i--) {
        const kid = refNum(kids[i]);
        if (kid !== null) stack.push(kid);
      }
      roles.pageOf.set(num, 0);
      continue;
    }
    const page = roles.pages.size + 1;
    roles.pages.add(num);
    roles.pageOf.set(num, page);
    markPageParts(objects, node, page, upTo, roles);
  }
}

function markPageParts(objects: PdfObjects, page: PdfDict, number: number, upTo: number, roles: Roles): void {
  const annots = refNum(page.get('Annots'));
  if (annots !== null) roles.annotArrays.add(annots);
  const contents = page.get('Contents');
  for (const part of Array.isArray(contents) ? contents : [contents]) {
    const num = refNum(part);
    if (num !== null) roles.pageOf.set(num, number);
  }
  const contentsArray = refNum(contents);
  if (contentsArray !== null) roles.pageOf.set(contentsArray, number);
  const resourcesRef = refNum(page.get('Resources'));
  if (resourcesRef !== null) roles.pageOf.set(resourcesRef, number);
  const resources = objects.resolve(page.get('Resources'), upTo);
  if (!isDict(resources)) return;
  for (const group of ['XObject', 'Font', 'ExtGState']) {
    const entries = objects.resolve(resources.get(group), upTo);
    if (!isDict(entries)) continue;
    for (const value of entries.values()) {
      const num = refNum(value);
      if (num !== null && !roles.pageOf.has(num)) roles.pageOf.set(num, number);
    }
  }
}

function collectDss(objects: PdfObjects, dssValue: PdfValue | undefined, upTo: number, roles: Roles): void {
  const dssNum = refNum(dssValue);
  if (dssNum !== null) roles.dss.add(dssNum);
  const dss = objects.resolve(dssValue, upTo);
  if (!isDict(dss)) return;
  for (const [key, value] of dss) {
    const num = refNum(value);
    if (num !== null) roles.dss.add(num);
    const vri = key === 'VRI' ? objects.resolve(value, upTo) : undefined;
    if (isDict(vri))
      for (const entry of vri.values()) if (refNum(entry) !== null) roles.dss.add(refNum(entry) as number);
  }
}

export function rolesAt(structure: PdfStructure, objects: PdfObjects, revision: number): Roles {
  const trailer = structure.revisions[revision - 1]?.trailer;
  const roles: Roles = {
    catalog: refNum(trailer?.get('Root')),
    acroForm: null,
    fieldsArray: null,
    info: refNum(trailer?.get('Info')),
    pageOf: new Map(),
    pages: new Set(),
    annotArrays: new Set(),
    dss: new Set(),
  };
  const catalog = roles.catalog === null ? undefined : objects.object(roles.catalog, revision)?.value;
  if (!isDict(catalog)) return roles;
  roles.acroForm = refNum(catalog.get('AcroForm'));
  const acroForm = objects.resolve(catalog.get('AcroForm'), revision);
  if (isDict(acroForm)) roles.fieldsArray = refNum(acroForm.get('Fields'));
  collectPages(objects, catalog.get('Pages'), revision, roles);
  collectDss(objects, catalog.get('DSS'), revision, roles);
  return roles;
}

function changedKeys(before: PdfDict, after: PdfDict): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => !sameValue(before.get(key), after.get(key)));
}

/** A signature field or its widget: /FT /Sig on itself or its parent (merged field and widget, or not). */
function isSignatureField(objects: PdfObjects, value: PdfValue | undefined, upTo: number): boolean {
  const dict = objects.resolve(value, upTo);
  if (!isDict(dict)) return false;
  if (nameOf(dict.get('FT')) === 'Sig') return true;
  const parent = objects.resolve(dict.get('Parent'), upTo);
  return isDict(parent) && nameOf(parent.get('FT')) === 'Sig';
}

/** An array that only grew at its end, by signature fields. */
function onlySignaturesAppended(
  objects: PdfObjects,
  before: PdfValue | undefined,
  after: PdfValue | undefined,
  upTo: number,
) {
  const old = objects.resolve(before, upTo - 1) ?? [];
  const now = objects.resolve(after, upTo);
  if (!Array.isArray(old) || !Array.isArray(now) || now.length < old.length) return false;
  if (!old.every((item, i) => sameValue(item, now[i]))) return false;
  return now.slice(old.length).every((item) => isSignatureField(objects, item, upTo));
}

function acroFormChangeAllowed(objects: PdfObjects, before: PdfDict, after: PdfDict, upTo: number): boolean {
  return changedKeys(before, after).every(
    (key) =>
      key === 'SigFlags' ||
      key === 'DR' ||
      (key === 'Fields' && onlySignaturesAppended(objects, before.get(key), after.get(key), upTo)),
  );
}

/** The catalog's /AcroForm added, or (written directly in the catalog) changed as a form may be. */
function catalogAcroFormAllowed(objects: PdfObjects, before: PdfDict, after: PdfDict, upTo: number): boolean {
  const old = before.get('AcroForm');
  const now = after.get('AcroForm');
  if (old === undefined) return true;
  return isDict(old) && isDict(now) && acroFormChangeAllowed(objects, old, now, upTo);
}

function allowedDictChange(
  objects: PdfObjects,
  num: number,
  before: PdfDict,
  after: PdfDict,
  roles: Roles,
  upTo: number,
) {
  const keys = changedKeys(before, after);
  const grewBySignatures = (key: string) => onlySignaturesAppended(objects, before.get(key), after.get(key), upTo);
  if (num === roles.catalog) {
    return keys.every(
      (key) =>
        key === 'DSS' ||
        key === 'Extensions' ||
        (key === 'AcroForm' && catalogAcroFormAllowed(objects, before, after, upTo)),
    );
  }
  if (num === roles.acroForm) return acroFormChangeAllowed(objects, before, after, upTo);
  if (roles.pages.has(num)) return keys.every((key) => key === 'Annots' && grewBySignatures(key));
  if (nameOf(before.get('FT')) === 'Sig') {
    // An empty signature field signed, and its appearance drawn.
    return keys.every((key) => key === 'AP' || (key === 'V' && !before.has('V')));
  }
  return false;
}

function kindOf(num: number, before: PdfValue, roles: Roles): Change {
  const page = roles.pageOf.get(num);
  if (page !== undefined) return page > 0 ? { kind: 'page', page } : { kind: 'document' };
  if (num === roles.info) return { kind: 'metadata' };
  if (isDict(before)) {
    if (nameOf(before.get('Type')) === 'Metadata') return { kind: 'metadata' };
    if (before.has('FT') || num === roles.acroForm) return { kind: 'form' };
    if (nameOf(before.get('Type')) === 'Annot' || before.has('Subtype')) return { kind: 'annotation' };
  }
  return { kind: 'document' };
}

/** One changed object: allowed after a signature, or the change it is. */
function judge(objects: PdfObjects, num: number, before: PdfObject, after: PdfObject, roles: Roles, upTo: number) {
  if (roles.dss.has(num)) return null;
  if (roles.annotArrays.has(num) || num === roles.fieldsArray) {
    const ok = onlySignaturesAppended(
      objects,
      { kind: 'ref', num, gen: before.gen },
      { kind: 'ref', num, gen: after.gen },
      upTo,
    );
    if (ok) return null;
  } else if (isDict(before.value) && isDict(after.value) && !before.stream && !after.stream) {
    if (allowedDictChange(objects, num, before.value, after.value, roles, upTo)) return null;
  }
  return kindOf(num, before.value, roles);
}

function addChange(changes: Change[], change: Change): void {
  if (!changes.some((c) => c.kind === change.kind && c.page === change.page)) changes.push(change);
}

/** The changes of revision `number` (2 or later) that PAdES does not allow after a signature. */
export function forbiddenChanges(structure: PdfStructure, objects: PdfObjects, number: number): Change[] {
  const revision = structure.revisions[number - 1];
  if (!revision) return [];
  const roles = rolesAt(structure, objects, number - 1);
  const changes: Change[] = [];
  if (refNum(revision.trailer.get('Root')) !== roles.catalog) addChange(changes, { kind: 'document' });
  for (const [num, entry] of revision.entries) {
    if (num === 0) continue;
    const before = objects.object(num, number - 1);
    if (entry.type !== 'offset') {
      // Freed objects, or objects hidden in an object stream: nothing a signature field needs.
      if (before || entry.type === 'compressed')
        addChange(changes, before ? kindOf(num, before.value, roles) : { kind: 'document' });
      continue;
    }
    const after = objects.at(entry.offset);
    if (!after) {
      addChange(changes, { kind: 'document' });
      continue;
    }
    if (!before || nameOf(isDict(after.value) ? after.value.get('Type') : undefined) === 'XRef') continue;
    if (sameObject(structure.lexer.bytes, before, after)) continue;
    const change = judge(objects, num, before, after, roles, number);
    if (change) addChange(changes, change);
  }
  return changes;
}
