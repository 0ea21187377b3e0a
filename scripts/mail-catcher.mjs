// A local mail catcher (maildev): a real SMTP server that keeps every message and shows it in a
// web inbox, so mail works with no account and nothing leaves the machine. `npm run dev` and
// `npm start` run one when no SMTP_URL is set (ports MAIL_CATCHER_SMTP_PORT, 1725, and
// MAIL_CATCHER_WEB_PORT, 1780); `npm test` runs one on free ports for the browser journeys.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST = '127.0.0.1';

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a catcher on these ports. Resolves with `{ env, inbox, stop }`: the environment the app
 * needs (SMTP_URL), the inbox's address (its web page, and its API under /api/email).
 */
export async function startMailCatcher({ smtp, web }) {
  const { MailDev } = await import('maildev');
  const mailDirectory = mkdtempSync(join(tmpdir(), 'bistro-mail-'));
  const catcher = new MailDev({ smtp, ip: HOST, web, webIp: HOST, mailDirectory, silent: true });
  try {
    await catcher.start();
  } catch (err) {
    rmSync(mailDirectory, { recursive: true, force: true });
    throw err;
  }
  return {
    env: { SMTP_URL: `smtp://${HOST}:${smtp}` },
    inbox: `http://${HOST}:${web}`,
    stop: async () => {
      await catcher.stop().catch(() => {});
      rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * The catcher for a local run, unless SMTP_URL says where mail goes (then null). A catcher already
 * listening on the port (another checkout's) is used as it is; without maildev installed (a
 * production install without dev dependencies) mail waits in the outbox.
 */
export async function startMailCatcherUnlessConfigured(env = process.env) {
  if (env.SMTP_URL?.trim()) return null;
  const smtp = Number(env.MAIL_CATCHER_SMTP_PORT || 1725);
  const web = Number(env.MAIL_CATCHER_WEB_PORT || 1780);
  try {
    const catcher = await startMailCatcher({ smtp, web });
    console.log(`[bistro] Mail catcher: every email lands in ${catcher.inbox} (SMTP ${HOST}:${smtp}); nothing leaves this machine`);
    return catcher;
  } catch (err) {
    if (err?.code === 'ERR_MODULE_NOT_FOUND') {
      console.log('[bistro] No SMTP_URL and no mail catcher installed (maildev, a dev dependency): emails wait in the outbox.');
      return null;
    }
    if (err?.code !== 'EADDRINUSE') throw err;
    console.log(`[bistro] Port ${smtp} is taken: mail goes to the catcher listening there (its inbox: http://${HOST}:${web}).`);
    return { env: { SMTP_URL: `smtp://${HOST}:${smtp}` }, inbox: `http://${HOST}:${web}`, stop: async () => {} };
  }
}
