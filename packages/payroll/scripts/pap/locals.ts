/**
 * Splits method-local temporaries into independent variables ("webs").
 *
 * Some PAP fields are scratch values of a single method, always assigned before they are
 * read there (e.g. `RW` and `Y` in UPTAB: `RW = Y*173.1; RW = RW+2397; RW = RW*Y`).
 * Holding such a field with one fixed scale would make its scale grow without bound
 * (RW*Y has more decimals than RW). Each group of definitions that reach a common read
 * becomes its own local variable with its own scale and range, which is exactly how the
 * value flows, so the result is unchanged.
 */
import type { BoolExpr, DecExpr, IntExpr, IrField, IrProgram, Stmt } from './ir.js';

type ReadNode = Extract<DecExpr, { k: 'var' }> | Extract<IntExpr, { k: 'ivar' }>;

/** Calls `visit` for every field read in an expression or condition. */
function readsOf(node: DecExpr | IntExpr | BoolExpr, visit: (read: ReadNode) => void): void {
  switch (node.k) {
    case 'var':
    case 'ivar':
      visit(node);
      return;
    case 'const':
    case 'int':
    case 'bool':
      return;
    case 'elem':
      readsOf(node.index, visit);
      return;
    case 'fromInt':
    case 'long':
      readsOf(node.operand, visit);
      return;
    case 'neg':
    case 'ineg':
    case 'not':
    case 'round':
      readsOf(node.a, visit);
      return;
    default:
      readsOf(node.a, visit);
      readsOf(node.b, visit);
  }
}

/** Fields referenced (read or written) directly in a statement list, without following calls. */
function referencedFields(statements: readonly Stmt[], into: Set<string>): Set<string> {
  for (const s of statements) {
    if (s.k === 'setDec' || s.k === 'setInt') {
      into.add(s.target);
      readsOf(s.value, (r) => into.add(r.name));
    } else if (s.k === 'if') {
      readsOf(s.cond, (r) => into.add(r.name));
      referencedFields(s.then, into);
      referencedFields(s.else, into);
    }
  }
  return into;
}

const UNDEFINED = -1;

/** Reaching-definition walk of one method; groups definitions into webs by union-find. */
class WebFinder {
  readonly parent: number[] = [];
  readonly defTarget: string[] = [];
  readonly defOf = new Map<Stmt, number>();
  readonly readDefs = new Map<ReadNode, number>();
  readonly notLocal = new Set<string>();

  constructor(
    private readonly candidates: ReadonlySet<string>,
    /** Fields each method references, including through the methods it calls. */
    private readonly transitiveRefs: ReadonlyMap<string, ReadonlySet<string>>,
  ) {}

  find(def: number): number {
    let root = def;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    return root;
  }

  read(node: ReadNode, reaching: Map<string, Set<number>>): void {
    if (!this.candidates.has(node.name)) return;
    const defs = reaching.get(node.name) ?? new Set([UNDEFINED]);
    if (defs.has(UNDEFINED)) {
      this.notLocal.add(node.name);
      return;
    }
    const [first, ...rest] = [...defs];
    if (first === undefined) return;
    for (const other of rest) this.parent[this.find(other)] = this.find(first);
    this.readDefs.set(node, first);
  }

  walk(statements: readonly Stmt[], reaching: Map<string, Set<number>>): Map<string, Set<number>> {
    let current = reaching;
    for (const s of statements) {
      if (s.k === 'setDec' || s.k === 'setInt') {
        readsOf(s.value, (r) => this.read(r, current));
        if (this.candidates.has(s.target)) {
          const def = this.parent.length;
          this.parent.push(def);
          this.defTarget.push(s.target);
          this.defOf.set(s, def);
          current = new Map(current);
          current.set(s.target, new Set([def]));
        }
      } else if (s.k === 'if') {
        readsOf(s.cond, (r) => this.read(r, current));
        const afterThen = this.walk(s.then, current);
        const afterElse = this.walk(s.else, current);
        current = mergeReaching(afterThen, afterElse);
      } else {
        // A called method may assign the field itself: after the call its value is not ours.
        const clobbered = [...(this.transitiveRefs.get(s.method) ?? [])].filter((f) => this.candidates.has(f));
        if (clobbered.length > 0) {
          current = new Map(current);
          for (const field of clobbered) current.set(field, new Set([UNDEFINED]));
        }
      }
    }
    return current;
  }
}

function mergeReaching(a: Map<string, Set<number>>, b: Map<string, Set<number>>): Map<string, Set<number>> {
  const merged = new Map<string, Set<number>>();
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    merged.set(name, new Set([...(a.get(name) ?? [UNDEFINED]), ...(b.get(name) ?? [UNDEFINED])]));
  }
  return merged;
}

/** Renames reads and definitions of local webs in an IR tree. */
class Renamer {
  constructor(
    private readonly readName: ReadonlyMap<ReadNode, string>,
    private readonly defName: ReadonlyMap<Stmt, string>,
  ) {}

  dec(node: DecExpr): DecExpr {
    switch (node.k) {
      case 'var':
        return { k: 'var', name: this.readName.get(node) ?? node.name };
      case 'const':
        return node;
      case 'elem':
        return { ...node, index: this.int(node.index) };
      case 'fromInt':
        return { ...node, operand: this.int(node.operand) };
      case 'neg':
      case 'round':
        return { ...node, a: this.dec(node.a) };
      default:
        return { ...node, a: this.dec(node.a), b: this.dec(node.b) };
    }
  }

  int(node: IntExpr): IntExpr {
    switch (node.k) {
      case 'ivar':
        return { k: 'ivar', name: this.readName.get(node) ?? node.name };
      case 'int':
        return node;
      case 'ineg':
        return { ...node, a: this.int(node.a) };
      case 'ibin':
        return { ...node, a: this.int(node.a), b: this.int(node.b) };
      case 'long':
        return { ...node, operand: this.dec(node.operand) };
    }
  }

  bool(node: BoolExpr): BoolExpr {
    switch (node.k) {
      case 'bool':
        return node;
      case 'not':
        return { ...node, a: this.bool(node.a) };
      case 'and':
      case 'or':
        return { ...node, a: this.bool(node.a), b: this.bool(node.b) };
      case 'cmp':
        return { ...node, a: this.dec(node.a), b: this.dec(node.b) };
      case 'icmp':
        return { ...node, a: this.int(node.a), b: this.int(node.b) };
    }
  }

  statements(statements: readonly Stmt[]): Stmt[] {
    return statements.map((s): Stmt => {
      switch (s.k) {
        case 'setDec':
          return { ...s, target: this.defName.get(s) ?? s.target, value: this.dec(s.value) };
        case 'setInt':
          return { ...s, target: this.defName.get(s) ?? s.target, value: this.int(s.value) };
        case 'call':
          return s;
        case 'if':
          return { ...s, cond: this.bool(s.cond), then: this.statements(s.then), else: this.statements(s.else) };
      }
    });
  }
}

/** A local variable created from a method-local field. */
export interface LocalVariable {
  readonly name: string;
  readonly field: string;
  /** Method that declares it ('' = MAIN, i.e. the generated run()). */
  readonly method: string;
}

function transitiveReferences(
  program: IrProgram,
  direct: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  const visit = (name: string, body: readonly Stmt[]): Set<string> => {
    const known = result.get(name);
    if (known) return known;
    const refs = new Set(direct.get(name));
    result.set(name, refs);
    const walk = (statements: readonly Stmt[]): void => {
      for (const s of statements) {
        if (s.k === 'call') {
          const callee = program.methods.get(s.method);
          if (callee) for (const f of visit(s.method, callee.body)) refs.add(f);
        } else if (s.k === 'if') {
          walk(s.then);
          walk(s.else);
        }
      }
    };
    walk(body);
    return refs;
  };
  for (const [name, method] of program.methods) visit(name, method.body);
  return result;
}

/**
 * Returns the program with method-local fields replaced by per-web local variables.
 * A field qualifies when it is internal and every read of it, in every method, is
 * preceded by an assignment in the same method invocation (no value ever flows between
 * methods or runs through it). The webs are added to `fields`; the emitter declares them
 * inside their method.
 */
export function splitMethodLocals(program: IrProgram): { program: IrProgram; locals: LocalVariable[] } {
  const bodies = new Map<string, readonly Stmt[]>([['', program.main]]);
  for (const [name, method] of program.methods) bodies.set(name, method.body);
  const direct = new Map<string, Set<string>>();
  for (const [name, body] of bodies) direct.set(name, referencedFields(body, new Set()));
  const transitive = transitiveReferences(program, direct);
  const internal = new Set([...program.fields.values()].filter((f) => f.role === 'internal').map((f) => f.name));

  const finders = new Map<string, WebFinder>();
  const notLocal = new Set<string>();
  for (const [name, body] of bodies) {
    const candidates = new Set([...(direct.get(name) ?? [])].filter((f) => internal.has(f)));
    const finder = new WebFinder(candidates, transitive);
    finder.walk(body, new Map());
    for (const f of finder.notLocal) notLocal.add(f);
    finders.set(name, finder);
  }

  const fields = new Map(program.fields);
  const locals: LocalVariable[] = [];
  const webs = collectWebs(finders, notLocal);
  const webNames = nameWebs(webs, fields, locals);
  const renamed = new Map<string, Stmt[]>();
  for (const [name, body] of bodies) {
    const finder = finders.get(name) as WebFinder;
    const nameOf = (def: number): string | undefined => webNames.get(`${name}#${finder.find(def)}`);
    const readName = new Map<ReadNode, string>();
    for (const [node, def] of finder.readDefs) {
      const local = nameOf(def);
      if (local) readName.set(node, local);
    }
    const defName = new Map<Stmt, string>();
    for (const [stmt, def] of finder.defOf) {
      const local = nameOf(def);
      if (local) defName.set(stmt, local);
    }
    renamed.set(name, new Renamer(readName, defName).statements(body));
  }
  const methods = new Map<string, { readonly doc: string; readonly body: readonly Stmt[] }>();
  for (const [name, method] of program.methods)
    methods.set(name, { doc: method.doc, body: renamed.get(name) ?? method.body });
  return { program: { ...program, fields, methods, main: renamed.get('') ?? program.main }, locals };
}

/** Web keys ("method#root") per field, in order of appearance. */
function collectWebs(
  finders: ReadonlyMap<string, WebFinder>,
  notLocal: ReadonlySet<string>,
): Map<string, { key: string; method: string }[]> {
  const webs = new Map<string, { key: string; method: string }[]>();
  for (const [method, finder] of finders) {
    for (let def = 0; def < finder.defTarget.length; def++) {
      const field = finder.defTarget[def] as string;
      if (notLocal.has(field)) continue;
      const key = `${method}#${finder.find(def)}`;
      const list = webs.get(field) ?? [];
      if (!list.some((w) => w.key === key)) list.push({ key, method });
      webs.set(field, list);
    }
  }
  return webs;
}

/** Gives every web a variable name (FIELD if it is the only one, else FIELD$1, FIELD$2, ...). */
function nameWebs(
  webs: ReadonlyMap<string, readonly { key: string; method: string }[]>,
  fields: Map<string, IrField>,
  locals: LocalVariable[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const [field, list] of webs) {
    const original = fields.get(field);
    if (!original) continue;
    fields.delete(field);
    list.forEach(({ key, method }, i) => {
      const name = list.length === 1 ? field : `${field}$${i + 1}`;
      names.set(key, name);
      fields.set(name, { ...original, name, defaultValue: undefined });
      locals.push({ name, field, method });
    });
  }
  return names;
}
