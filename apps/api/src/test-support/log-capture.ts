import { Writable } from 'node:stream';

/** A log destination for tests: every JSON line the app writes lands in `lines`. */
export function captureLog(): { lines: string[]; sink: Writable } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, sink };
}
