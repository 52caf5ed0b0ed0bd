/**
 * Pretty-printed JSON written a section at a time (ADR 0041): the bytes of
 * `JSON.stringify(object, null, 2)` for an object whose long arrays arrive in pages. Pure.
 */

/** A section whose value is read when the writer reaches it. */
export interface ValueSection {
  readonly kind: 'value';
  read(): unknown;
}

/** An array section read page by page (each page in order, none empty but the first may be). */
export interface PagedSection {
  readonly kind: 'pages';
  read(): AsyncIterable<readonly unknown[]>;
}

export type Section = ValueSection | PagedSection;

export const valueOf = (read: () => unknown): ValueSection => ({ kind: 'value', read });
export const pagesOf = (read: () => AsyncIterable<readonly unknown[]>): PagedSection => ({ kind: 'pages', read });

/** Indents every line after the first: a nested value's lines under its key. */
const nested = (json: string, pad: string) => json.replace(/\n/g, `\n${pad}`);

export async function* prettyJsonChunks(sections: readonly (readonly [string, Section])[]): AsyncGenerator<string> {
  yield '{';
  let index = 0;
  for (const [key, section] of sections) {
    const head = `${index++ === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `;
    if (section.kind === 'value') {
      yield head + nested(JSON.stringify(await section.read(), null, 2), '  ');
      continue;
    }
    let count = 0;
    let text = `${head}[`;
    for await (const page of section.read()) {
      for (const item of page)
        text += `${count++ === 0 ? '' : ','}\n    ${nested(JSON.stringify(item, null, 2), '    ')}`;
      yield text;
      text = '';
    }
    yield `${text}${count === 0 ? ']' : '\n  ]'}`;
  }
  yield '\n}';
}
