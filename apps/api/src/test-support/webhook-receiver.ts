import http from 'node:http';

/** One request a receiver got: its headers (lower-cased names) and the body as sent. */
export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
  path: string;
}

/**
 * A real HTTP receiver on loopback (a free port), as an employer's system would run one. `answers`
 * gives the status code of each request in turn (the last one repeats; default 200), with a short
 * body that says which it was.
 */
export async function startHookReceiver(answers: number[] = [200]): Promise<{
  url: string;
  port: number;
  received: ReceivedHook[];
  answers: number[];
  close(): Promise<void>;
}> {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers[name.toLowerCase()] = value;
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
      const status = answers[Math.min(received.length - 1, answers.length - 1)] ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : `kaputt ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
