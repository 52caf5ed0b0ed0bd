import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

import { currentDbScope, runInScope } from '../db/scope.js';

/**
 * A download written while it is computed (ADR 0041), for `reply.send`.
 *
 * The first two chunks (a file's head and its first batch) are computed before anything is sent:
 * what fails early (a bad parameter, the database away, the first batch) is still an ordinary error
 * answer with its status. A failure after that destroys the stream, and Fastify closes the connection
 * without the chunked encoding's last chunk: the client sees a broken download, never a file that
 * merely looks complete.
 *
 * Every step runs in the database scope of the request that started it: the stream is read from the
 * socket's callbacks, outside the request's async context.
 */
export async function streamedBody(chunks: AsyncIterable<string>): Promise<Readable> {
  const scope = currentDbScope();
  const iterator = chunks[Symbol.asyncIterator]();
  const next = () => runInScope(scope, () => iterator.next());
  let head = '';
  let done = false;
  for (let i = 0; i < 2 && !done; i++) {
    const step = await next();
    if (step.done) done = true;
    else head += step.value;
  }
  async function* all(): AsyncGenerator<string> {
    try {
      if (head) yield head;
      if (done) return;
      for (let step = await next(); !step.done; step = await next()) if (step.value) yield step.value;
    } finally {
      // A client that went away ends the stream early: let the source close what it holds.
      await runInScope(scope, () => iterator.return?.());
    }
  }
  return Readable.from(all(), { objectMode: false });
}

/**
 * Sends the chunks as the reply's body (`streamedBody`). The route's response schema still names the
 * shape for the OpenAPI document; a stream bypasses Fastify's serializer, which would hold it whole.
 */
export async function sendStreamed(reply: FastifyReply, chunks: AsyncIterable<string>): Promise<FastifyReply> {
  return reply.send(await streamedBody(chunks));
}

/** Reads a stream to its end as UTF-8 (tests, and callers that need the whole text). */
export async function textOf(chunks: AsyncIterable<string | Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return Buffer.concat(parts).toString('utf8');
}
