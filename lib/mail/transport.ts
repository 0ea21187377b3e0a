import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * One nodemailer transport per SMTP_URL in this process. Its timeouts bound how long one message
 * can hold a sender, which must stay well inside the outbox lease (MAIL_LEASE_SECONDS, 300 s):
 * a server that takes 10 s to answer is slow but works.
 */

const g = globalThis as { __bistroMailTransports?: Map<string, Transporter> };
const transports = (g.__bistroMailTransports ??= new Map());

export function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    transports.set(url, transport);
  }
  return transport;
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
