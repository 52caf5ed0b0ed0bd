import { SMTPServer } from 'smtp-server';

/** What the receiver got: the envelope's recipients and the raw message. */
export interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP receiver on a free port (or the given one, to bring a "stopped" server back where it
 * was); `failNext` answers the next messages with the given SMTP codes; `beforeAccept`, when set, runs
 * once a message is in and before the receiver answers (a fault between delivery and its record).
 */
export function startReceiver(port = 0): Promise<{
  port: number;
  received: Received[];
  failNext: number[];
  hooks: { beforeAccept: (() => Promise<void>) | null };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const failNext: number[] = [];
  const hooks: { beforeAccept: (() => Promise<void>) | null } = { beforeAccept: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const code = failNext.shift();
        if (code) {
          const error = Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), {
            responseCode: code,
          });
          callback(error);
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        const accept = hooks.beforeAccept ?? (async () => undefined);
        void accept().then(() => callback());
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, received, failNext, hooks, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

/** A header's MIME encoded-words (`=?UTF-8?Q?...?=`) as text: non-ASCII subjects travel encoded. */
export function decodeMimeWord(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** What a reader sees of a received message: subject, plain-text part and HTML part, decoded. */
export interface ReadMessage {
  subject: string;
  text: string;
  html: string;
}

export function readMessage(raw: string): ReadMessage {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Unfold long headers; adjacent encoded words join without the space between them.
  const headers = head.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  return {
    subject: decodeMimeWord(/^Subject: (.*)$/m.exec(headers)?.[1] ?? ''),
    text: bodyPart(raw, 'text/plain'),
    html: bodyPart(raw, 'text/html'),
  };
}

/** The first part of a content type, decoded from its transfer encoding. */
function bodyPart(raw: string, contentType: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${contentType}`, 'mi'));
  if (start < 0) return '';
  const rest = raw.slice(start);
  const split = /\r?\n\r?\n/.exec(rest);
  if (!split) return '';
  const partHead = rest.slice(0, split.index);
  let body = rest.slice(split.index + split[0].length);
  const end = body.search(/\r?\n--/);
  if (end >= 0) body = body.slice(0, end);
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(partHead)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return decoded.replace(/\r\n/g, '\n');
}
