import net from 'node:net';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { notFound } from '../lib/errors.js';

/** Headers a reverse proxy adds: their presence means the loopback peer is a proxy for someone else. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'] as const;

/**
 * True when the TCP peer is this machine itself. Decided on the socket address alone, never on a
 * header: a header can only take access away (a local reverse proxy forwarding strangers), never grant it.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? request.raw.socket.remoteAddress;
  if (!address || !isLoopbackAddress(address)) return false;
  return FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
}

export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * onRequest hook of the development tools (mailbox, identity simulator, missing-key recording): to
 * anyone but a loopback client they do not exist (404, the body of any unknown path). The answer is
 * sent here rather than thrown, so a tool's own error handler (the simulator's pages) cannot alter it.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isLoopbackRequest(request)) return;
  const error = notFound();
  await reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({ status: error.status, code: error.code, message: error.message });
}
