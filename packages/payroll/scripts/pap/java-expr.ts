/**
 * Parser for the Java expression subset used in the PAP `exec` and `expr` attributes:
 * literals, names, member calls (`a.add(b)`), static members (`BigDecimal.ZERO`),
 * `new BigDecimal(..)`, array access, array literals, unary/binary operators.
 * The result is an untyped syntax tree; `lower.ts` gives it types and meaning.
 */

/** Untyped Java syntax tree. */
export type JavaNode =
  | { readonly t: 'number'; readonly text: string }
  | { readonly t: 'name'; readonly name: string }
  | { readonly t: 'member'; readonly object: JavaNode; readonly name: string }
  | { readonly t: 'call'; readonly object: JavaNode; readonly name: string; readonly args: readonly JavaNode[] }
  | { readonly t: 'new'; readonly className: string; readonly args: readonly JavaNode[] }
  | { readonly t: 'index'; readonly object: JavaNode; readonly index: JavaNode }
  | { readonly t: 'array'; readonly items: readonly JavaNode[] }
  | { readonly t: 'unary'; readonly op: '-' | '!'; readonly operand: JavaNode }
  | { readonly t: 'binary'; readonly op: string; readonly left: JavaNode; readonly right: JavaNode };

/** A parsed assignment `target = value`. */
export interface JavaAssignment {
  readonly target: string;
  readonly value: JavaNode;
}

interface Token {
  readonly kind: 'num' | 'id' | 'op';
  readonly text: string;
  readonly pos: number;
}

const OPERATORS = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '=',
  '+',
  '-',
  '*',
  '/',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < source.length) {
    const rest = source.slice(pos);
    const space = /^\s+/.exec(rest);
    if (space) {
      pos += space[0].length;
      continue;
    }
    const num = /^\d+(\.\d+)?([eE][+-]?\d+)?[dDlL]?/.exec(rest);
    if (num) {
      tokens.push({ kind: 'num', text: num[0], pos });
      pos += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][\w$]*/.exec(rest);
    if (id) {
      tokens.push({ kind: 'id', text: id[0], pos });
      pos += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new Error(`cannot tokenize "${source}" at position ${pos}`);
    tokens.push({ kind: 'op', text: op, pos });
    pos += op.length;
  }
  return tokens;
}

/** Binary operator precedence (higher binds tighter), as in Java. */
const PRECEDENCE: Readonly<Record<string, number>> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
};

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly source: string,
  ) {}

  fail(message: string): never {
    const token = this.tokens[this.index];
    throw new Error(`${message} in "${this.source}" at position ${token ? token.pos : this.source.length}`);
  }

  peek(text?: string): Token | undefined {
    const token = this.tokens[this.index];
    if (text !== undefined && token?.text !== text) return undefined;
    return token;
  }

  next(): Token {
    const token = this.tokens[this.index++];
    if (!token) this.fail('unexpected end');
    return token;
  }

  expect(text: string): void {
    if (this.next().text !== text) {
      this.index--;
      this.fail(`expected "${text}"`);
    }
  }

  atEnd(): boolean {
    return this.index >= this.tokens.length;
  }

  expression(minPrecedence = 1): JavaNode {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      const precedence = token?.kind === 'op' ? PRECEDENCE[token.text] : undefined;
      if (!token || precedence === undefined || precedence < minPrecedence) return left;
      this.index++;
      const right = this.expression(precedence + 1);
      left = { t: 'binary', op: token.text, left, right };
    }
  }

  unary(): JavaNode {
    if (this.peek('-') || this.peek('!')) {
      const op = this.next().text as '-' | '!';
      return { t: 'unary', op, operand: this.unary() };
    }
    return this.postfix(this.primary());
  }

  postfix(start: JavaNode): JavaNode {
    let node = start;
    for (;;) {
      if (this.peek('.')) {
        this.index++;
        const name = this.next();
        if (name.kind !== 'id') this.fail('expected a member name');
        if (this.peek('(')) node = { t: 'call', object: node, name: name.text, args: this.args('(', ')') };
        else node = { t: 'member', object: node, name: name.text };
      } else if (this.peek('[')) {
        this.index++;
        const index = this.expression();
        this.expect(']');
        node = { t: 'index', object: node, index };
      } else {
        return node;
      }
    }
  }

  args(open: string, close: string): JavaNode[] {
    this.expect(open);
    const args: JavaNode[] = [];
    if (this.peek(close)) {
      this.index++;
      return args;
    }
    for (;;) {
      args.push(this.expression());
      if (this.peek(close)) {
        this.index++;
        return args;
      }
      this.expect(',');
    }
  }

  primary(): JavaNode {
    const token = this.next();
    if (token.kind === 'num') return { t: 'number', text: token.text };
    if (token.text === '(') {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    if (token.text === '{') {
      this.index--;
      return { t: 'array', items: this.args('{', '}') };
    }
    if (token.kind === 'id' && token.text === 'new') {
      const className = this.next();
      if (className.kind !== 'id') this.fail('expected a class name after new');
      return { t: 'new', className: className.text, args: this.args('(', ')') };
    }
    if (token.kind === 'id') return { t: 'name', name: token.text };
    this.index--;
    return this.fail(`unexpected "${token.text}"`);
  }
}

/** Parses a Java expression (an IF `expr` or a constant value). */
export function parseJavaExpression(source: string): JavaNode {
  const parser = new Parser(tokenize(source), source);
  const node = parser.expression();
  if (!parser.atEnd()) parser.fail('unexpected trailing input');
  return node;
}

/** Parses an EVAL `exec` attribute, which is always `NAME = expression`. */
export function parseJavaAssignment(source: string): JavaAssignment {
  const parser = new Parser(tokenize(source), source);
  const target = parser.next();
  if (target.kind !== 'id') parser.fail('expected an assignment target');
  parser.expect('=');
  const value = parser.expression();
  if (!parser.atEnd()) parser.fail('unexpected trailing input');
  return { target: target.text, value };
}
