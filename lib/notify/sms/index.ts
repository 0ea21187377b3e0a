import 'server-only';
import { catcherProvider } from './catcher';
import { smsConfig, type SmsConfig } from './config';
import type { SmsProvider } from './provider';
import { twilioProvider } from './twilio';

/** The provider the configuration names, chosen in this one place; null while texts are off. */
export function smsProvider(config: SmsConfig = smsConfig()): SmsProvider | null {
  if (config.provider === 'twilio') return twilioProvider(config);
  if (config.provider === 'catcher') return catcherProvider(config.url);
  return null;
}
