import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { testDatabaseUrl, testDriver } from './test-env';

/** A message as the test mail server received it: the envelope, and the raw message (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** The messages to one address. */
  to(address: string): ReceivedMail[];
  /** While true, every recipient is refused with 451 (try again later), as a mail server that is struggling. */
  refusing: boolean;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package), no TLS and no sign-in, that keeps what it accepts. The
 * subject is read from the raw headers (unfolded, and decoded when it is an encoded word), the text from its MIME part.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      const refusal: SMTPServerError = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: subjectOf(raw),
          text: plainTextOf(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.to.includes(address)),
    get refusing() {
      return state.refusing;
    },
    set refusing(on: boolean) {
      state.refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The advisory lock the files that drain the shared outbox take turns on ("mail"). */
const MAIL_TURN = 0x6d61696c;

/**
 * On PostgreSQL every test file of a run shares one outbox (one schema), and a drain sends every due row of it to the
 * draining file's own mail server, another file's rows too: a file that drains while another's test waits for its mail
 * takes that mail away. So the tests of files that drain and then read their mail server take turns, each holding an
 * advisory lock from its first write to its last check (registered here as beforeEach and afterEach); `during` runs
 * other work (a first drain in beforeAll) in a turn of its own. On PGlite each file has a database of its own: no turns.
 */
export function mailTurns(): { during<T>(work: () => Promise<T>): Promise<T> } {
  if (testDriver() !== 'pg') return { during: (work) => work() };
  const client = new Client({ connectionString: testDatabaseUrl() });
  let connected: Promise<void> | null = null;
  const take = async () => {
    connected ??= client.connect().then(() => undefined);
    await connected;
    await client.query('SELECT pg_advisory_lock($1)', [MAIL_TURN]);
  };
  const give = () => client.query('SELECT pg_advisory_unlock($1)', [MAIL_TURN]);
  beforeEach(take, 180_000);
  afterEach(give);
  afterAll(() => (connected ? client.end() : undefined));
  return {
    async during(work) {
      await take();
      try {
        return await work();
      } finally {
        await give();
      }
    },
  };
}

function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = headers.split(/\r?\n/).find((h) => /^subject:/i.test(h)) ?? '';
  return decodeWords(line.replace(/^subject:\s*/i, ''));
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=), as nodemailer writes a subject that is not plain ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text/plain part of a message (nodemailer's multipart/alternative), with its transfer encoding undone. */
function plainTextOf(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const headers = part.slice(0, at);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    const body = part.slice(at).replace(/^\r?\n\r?\n/, '');
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
    }
    return body.replace(/\r\n/g, '\n');
  }
  return '';
}
