import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * A sender's round opens one transport and closes it at the end: its one connection carries every
 * message of the round (one greeting and one TLS handshake for up to 50, not one each), and none
 * is left open between rounds. The timeouts bound how long one message can hold a sender, which
 * must stay well inside the outbox lease (MAIL_LEASE_SECONDS, 300 s): a server that takes 10 s to
 * answer is slow but works.
 */
export function openTransport(url: string): Transporter {
  return nodemailer.createTransport({ url, pool: true, maxConnections: 1, connectionTimeout: 15_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
}

/** What went wrong, as the outbox records it. */
export interface SendFailure {
  /** The SMTP server's reply, or what kept the message from reaching it. */
  reply: string;
  /** The server refused this message or its recipient for good: trying again cannot help. */
  permanent: boolean;
  /** The server could not be reached or would not let us in: the other messages would fail too. */
  serverDown: boolean;
}

const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EAUTH', 'ETLS', 'EPROTOCOL']);

/** Reads a nodemailer error: a 5xx to the recipient or the message is permanent, anything else is tried again. */
export function sendFailure(err: unknown): SendFailure {
  const { code, responseCode, response, message } = (err ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  const reply = (response || message || String(err)).slice(0, 500);
  const refused = responseCode !== undefined && responseCode >= 500;
  return {
    reply,
    permanent: refused && (code === 'EENVELOPE' || code === 'EMESSAGE'),
    serverDown: code !== undefined && UNREACHABLE.has(code),
  };
}
