/** The browser suites need the Auth Emulator, a mail catcher and an SMS catcher; `npm test` starts them and says where. */
export default function globalSetup() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.E2E_MAIL_INBOX || !process.env.SMTP_URL || !process.env.E2E_SMS_INBOX || !process.env.SMS_PROVIDER) {
    throw new Error('Run the browser tests through `npm test` (it starts the Firebase Auth Emulator, a mail catcher and an SMS catcher).');
  }
}
