/**
 * `npm run owner -- --email <address> [--revoke]`: makes the account with that email an owner of
 * the shop (the role `owner`), or takes that role back (to `customer`), on the database of DATABASE_URL (or
 * DATA_DIR's embedded one, while the shop is stopped: the embedded database belongs to one
 * process). On PostgreSQL running shop processes see the change at once (the user change notice).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isEmailAddress, normalizeEmail } from '@shop/domain/contact-details';
import { accountRole } from '@shop/domain/roles';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase, requireSchemaAtHead } from '../../db/migrate.ts';
import { exitWithStartupProblem } from '../../startup-problems.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createAuthRepository } from './auth.repository.ts';

const USAGE = 'Usage: npm run owner -- --email <address> [--revoke]';
/** The audit log's actor for the operator's command: no account, named by the command. */
const OPERATOR = { userId: null, email: 'npm run owner' };

function readArguments() {
  try {
    const { values } = parseArgs({
      options: { email: { type: 'string' }, revoke: { type: 'boolean', default: false } },
    });
    const email = normalizeEmail(values.email ?? '');
    return isEmailAddress(email) ? { email, revoke: values.revoke } : undefined;
  } catch {
    return undefined;
  }
}

const request = readArguments();
if (!request) {
  console.error(USAGE);
  process.exit(1);
}
const { email, revoke } = request;

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  try {
    // The schema as the server would have it: migrated, unless this deployment migrates apart.
    if (config.migrateOnStart) await migrateDatabase(database, config.databaseUrl);
    else await requireSchemaAtHead(database.db);
    const repository = createAuthRepository(database.db);
    const listedOwners = new Set(config.adminEmails);
    // The change and its audit entry commit together, like the staff API's.
    const row = await database.db.transaction(async (tx) => {
      const before = await repository.findUserByEmail(tx, email);
      if (!before) return undefined;
      const after = (await repository.setRoleByEmail(tx, email, revoke ? 'customer' : 'owner'))!;
      await recordAudit(tx, OPERATOR, {
        action: 'staff.role',
        entity: 'staff',
        entityId: after.id,
        before: { email, role: accountRole(before, listedOwners) },
        after: { email, role: accountRole(after, listedOwners) },
      });
      return after;
    });
    if (!row) {
      console.error(`No account has the email ${email}: sign up with it first.`);
      process.exitCode = 1;
    } else if (!revoke) {
      console.log(`${email} is now an owner of the shop.`);
    } else if (row.emailVerified && config.adminEmails.includes(email)) {
      console.log(
        `${email} is no longer an owner by command, but is still one through ADMIN_EMAILS: remove it there too.`,
      );
    } else {
      console.log(`${email} is no longer an owner of the shop.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  exitWithStartupProblem(error);
}
