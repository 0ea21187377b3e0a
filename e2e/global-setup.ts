/** The browser suites need the Auth Emulator and a mail catcher; `npm test` starts both and says where. */
export default function globalSetup() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.E2E_MAIL_INBOX || !process.env.SMTP_URL) {
    throw new Error('Run the browser tests through `npm test` (it starts the Firebase Auth Emulator and a mail catcher).');
  }
}
