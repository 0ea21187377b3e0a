/** The browser suites need the Auth Emulator; `npm test` starts it and says where. */
export default function globalSetup() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Run the browser tests through `npm test` (it starts the Firebase Auth Emulator).');
  }
}
