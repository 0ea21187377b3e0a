/**
 * `npm run make-admin -- <email>`: promotes an existing user to admin. The first admin of a
 * deployment can also come from ADMIN_EMAILS, applied when their record is created.
 * Uses MongoDB when MONGODB_URI is set, otherwise the embedded data file (stop the server first).
 */
import { closeDb, collections, describeDb } from '@/lib/db';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3 || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}

try {
  const info = await describeDb();
  if (!info.writable) {
    console.error(`The database is in use by another process (pid ${info.lockedBy}). Stop the server first.`);
    process.exit(1);
  }
  const { users } = await collections();
  const result = await users.updateOne({ email }, { $set: { role: 'admin' } });
  if (result.matchedCount === 0) {
    console.error(`No user has the email ${email}. They must sign up (or sign in once) first.`);
    process.exitCode = 1;
  } else {
    console.log(result.modifiedCount ? `${email} is admin now.` : `${email} was already an admin.`);
  }
} finally {
  await closeDb();
}
