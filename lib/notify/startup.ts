import 'server-only';
import { pushConfig, pushConfigProblem } from './push/config';
import { smsConfig, smsConfigProblem } from './sms/config';

/**
 * At server start: SMS or push settings that are there but wrong stop the server, naming the
 * variable, rather than leave diners who asked for texts quietly emailed. A channel that is
 * simply not configured is off, and the log says so once.
 */
export function checkNoticesAtStart(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const problem = smsConfigProblem(env) ?? pushConfigProblem(env);
  if (problem) {
    console.error(`\n[bistro] Cannot start: ${problem}\n`);
    process.exit(1);
  }
  const sms = smsConfig(env);
  const push = pushConfig(env);
  if (!sms.provider) console.log(`[notify] ${sms.off}`);
  if (!push.on) console.log(`[notify] ${push.off}`);
}
