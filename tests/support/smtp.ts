/**
 * A real SMTP server inside a test (`smtp-server`), on a free port: it keeps every message it
 * accepted, raw and parsed, with the envelope the client gave, and can be told to refuse some
 * recipients, to answer slowly, or to stop listening (down) and start again on the same port.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope: who the client said it was from, and every RCPT TO it sent. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
  subject: string;
  html: string;
  text: string;
}

export interface SmtpServerOptions {
  /** Recipients answered with 550 at RCPT TO. */
  refuse?: (address: string) => boolean;
  /** Wait this long before the greeting. */
  greetingDelayMs?: number;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: CaughtMail[];
  /** Resolves once `count` messages arrived (at most `timeoutMs`), with all of them. */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

function makeServer(messages: CaughtMail[], options: SmtpServerOptions): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (options.greetingDelayMs) setTimeout(() => callback(), options.greetingDelayMs);
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const err = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        messages.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          parsed,
          subject: parsed.subject ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          text: parsed.text ?? '',
        });
        callback();
      });
    },
  });
}

function listen(server: SMTPServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

export async function startSmtpServer(options: SmtpServerOptions = {}, port = 0): Promise<TestSmtpServer> {
  const messages: CaughtMail[] = [];
  const server = makeServer(messages, options);
  const bound = await listen(server, port);
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`${messages.length} of ${count} messages arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet): an SMTP server that is down. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
