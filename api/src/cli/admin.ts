// `pnpm admin create <email> [--email-confirmed]`: gives the account ADMIN permissions (§6 hasAdminPermissions).
// A new address is refused (issue 24: an ADMIN with an unconfirmed email) unless the operator states with
// --email-confirmed that they own its mailbox (bootstrapping the first admin, test stacks): the account is then created
// with its email confirmed and the output says so. The password comes from ADMIN_PASSWORD, else a generated one is
// printed once.
// An existing account is promoted only once its email is confirmed (issue 7): anyone can register an
// address they do not own, and promoting such a squatter would hand ADMIN to a stranger. Promotion ends
// the account's sessions, so no session opened before carries on with the new permissions unnoticed.
// `pnpm admin redirect add <path> <to> | remove <path> | list`: the redirects of the §2 redirect lookup, through the
// same service (and so the same checks) as the admin API; added with no account (created_by null).
// `pnpm admin incident add <severity> <title> <body> | update <id> <state> [<body>] | list`: the status page's incidents
// (issue 13), through the status service with the admin API's body schemas; posted with no account.
// `pnpm admin network-incident open <network> <deposits|payouts|both> <delayed|paused> <title> <body> | update <id>
// <delayed|paused|resolved> <body> | list`: per-network incidents (issue 29), through the network service with the admin
// API's body schemas (the network one of the catalogue's active ones); posted with no account.
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config';
import { openDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { queryOf } from '../db/query';
import { createArgon2Hasher, createSessionStore, createUserRepo, normalizeEmail, passwordProblem, type PasswordHasher } from '../modules/accounts';
import { redirectServiceOf } from '../modules/redirects';
import { createInstrumentRepo } from '../modules/instruments';
import { createNetworkRepo, createNetworkService, createStatusRepo, createStatusService } from '../modules/status';
import {
  EmailSchema,
  IncidentCreateBodySchema,
  IncidentUpdateBodySchema,
  isApiError,
  NetworkIncidentOpenBodySchema,
  NetworkIncidentUpdateBodySchema,
} from 'shared-contracts/server';

export interface AdminCliDeps {
  db: DbHandle;
  /** The accounts' settings (token lifetimes, argon2 cost) and the site's origins. */
  config: Pick<Config, 'auth'>;
  env?: NodeJS.ProcessEnv;
  hasher?: PasswordHasher;
  out?: (line: string) => void;
}

const USAGE = [
  'usage: pnpm admin create <email> [--email-confirmed]   (an existing account with a confirmed email; --email-confirmed creates a',
  '       new one whose mailbox you own, password from ADMIN_PASSWORD, else generated and printed)',
  '       pnpm admin redirect add <path> <to>   (<path> the full site path, e.g. /ru/old; <to> a site path or an http(s) URL)',
  '       pnpm admin redirect remove <path>',
  '       pnpm admin redirect list',
  '       pnpm admin incident add <minor|major|critical> <title> <body>',
  '       pnpm admin incident update <id> <investigating|identified|monitoring|resolved> [<body>]',
  '       pnpm admin incident list',
  '       pnpm admin network-incident open <network> <deposits|payouts|both> <delayed|paused> <title> <body>',
  '       pnpm admin network-incident update <id> <delayed|paused|resolved> <body>',
  '       pnpm admin network-incident list',
].join('\n');

/** Returns the process exit code. */
export async function runAdminCli(args: string[], deps: AdminCliDeps): Promise<number> {
  const out = deps.out ?? ((l: string) => console.log(l));
  if (args[0] === 'redirect') return runRedirectCommand(args.slice(1), deps, out);
  if (args[0] === 'incident') return runIncidentCommand(args.slice(1), deps, out);
  if (args[0] === 'network-incident') return runNetworkIncidentCommand(args.slice(1), deps, out);
  const [command, rawEmail, ...flags] = args;
  const emailConfirmedFlag = flags.length === 1 && flags[0] === '--email-confirmed';
  if (command !== 'create' || !rawEmail || (flags.length > 0 && !emailConfirmedFlag)) {
    out(USAGE);
    return 2;
  }
  const parsed = EmailSchema.safeParse(rawEmail);
  if (!parsed.success) {
    out(`not an email: ${rawEmail}`);
    return 2;
  }
  const email = normalizeEmail(parsed.data);
  const q = queryOf(deps.db);
  const users = createUserRepo(q);
  const existing = await users.findByEmail(email);
  if (existing) {
    if (existing.permissions === 'ADMIN') {
      out(`${email} (user ${existing.userId}) already has ADMIN permissions`);
      return 0;
    }
    if (!existing.emailConfirmedAt) {
      out(
        `${email} (user ${existing.userId}) has not confirmed its email address: ADMIN refused. ` +
          "The owner confirms it with a mailed code (the site's email confirmation: POST /api/v1/users/email/request-confirmation, " +
          'then /api/v1/users/email/confirm; in sandbox mode `pnpm sandbox mail <email>` shows the code), then run this again.',
      );
      return 1;
    }
    await users.setPermissions(existing.userId, 'ADMIN');
    await createSessionStore(q, deps.config.auth.refreshTokenTtlSeconds).revokeAll(existing.userId, 'permissions changed', new Date());
    out(`${email} (user ${existing.userId}) now has ADMIN permissions; password unchanged; its sessions were ended (sign in again)`);
    return 0;
  }
  if (!emailConfirmedFlag) {
    out(
      `${email} has no account: ADMIN refused (an administrator needs a confirmed email). Register it on the site and confirm ` +
        'the mailed code, then run this again; or, if you own that mailbox, run it with --email-confirmed to create the account with its email confirmed.',
    );
    return 1;
  }
  const given = (deps.env ?? process.env).ADMIN_PASSWORD;
  const password = given || randomBytes(18).toString('base64url');
  const problem = passwordProblem(password, email);
  if (problem) {
    out(`ADMIN_PASSWORD refused: ${problem}`);
    return 2;
  }
  const hasher = deps.hasher ?? createArgon2Hasher(deps.config.auth.argon2);
  const created = await users.insert({ email, passwordHash: await hasher.hash(password), locale: 'en', permissions: 'ADMIN' });
  if (!created) {
    out(`${email} was registered meanwhile; run the command again`);
    return 1;
  }
  // Issue 24: on the operator's word (--email-confirmed), recorded in the output.
  await q(`UPDATE users SET email_confirmed_at = now() WHERE id = $1 AND email_confirmed_at IS NULL`, [created.userId]);
  out(`created ${email} (user ${created.userId}) with ADMIN permissions; email marked confirmed by the operator (--email-confirmed)`);
  if (!given) out(`generated password (shown once): ${password}`);
  return 0;
}

async function runRedirectCommand(args: string[], deps: AdminCliDeps, out: (line: string) => void): Promise<number> {
  const redirects = redirectServiceOf(deps.db, { siteOrigins: deps.config.auth.publicOrigins });
  const [command, path, to, ...extra] = args;
  const arity = { add: 3, remove: 2, list: 1 } as Record<string, number>;
  if (!command || arity[command] !== args.length || extra.length) {
    out(USAGE);
    return 2;
  }
  try {
    if (command === 'list') {
      const all = await redirects.list();
      for (const r of all) out(`${r.path} → ${r.to}${r.external ? ' (external)' : ''}  ${r.status}, added ${r.createdAt} by ${r.createdBy ?? 'the CLI'}`);
      out(`${all.length} redirect${all.length === 1 ? '' : 's'}`);
    } else if (command === 'add') {
      const added = await redirects.add({ path, to, createdBy: null });
      out(`added ${added.path} → ${added.to} (${added.status}${added.external ? ', external' : ''})`);
    } else {
      const removed = await redirects.remove(path);
      out(`removed ${removed.path} → ${removed.to}`);
    }
    return 0;
  } catch (err) {
    if (!isApiError(err)) throw err;
    out(`refused: ${err.message}`);
    return 1;
  }
}

async function runIncidentCommand(args: string[], deps: AdminCliDeps, out: (line: string) => void): Promise<number> {
  const status = createStatusService({
    repo: createStatusRepo(deps.db),
    // The CLI only posts and lists incidents: no health is checked or recorded here.
    checkHealth: () => Promise.reject(new Error('not used by the CLI')),
    marketNeverPriced: () => false,
  });
  const [command, ...rest] = args;
  try {
    if (command === 'list' && rest.length === 0) {
      const all = await status.incidents();
      for (const i of all) out(`${i.id}  ${i.severity}  ${i.state}  ${i.createdAt}${i.resolvedAt ? ` → ${i.resolvedAt}` : ''}  ${i.title}`);
      out(`${all.length} incident${all.length === 1 ? '' : 's'}`);
      return 0;
    }
    if (command === 'add' && rest.length === 3) {
      const [severity, title, body] = rest;
      const parsed = IncidentCreateBodySchema.safeParse({ severity, title, body });
      if (!parsed.success) {
        out(`refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        return 1;
      }
      const created = await status.createIncident(parsed.data, null);
      out(`posted incident ${created.id} (${created.severity}, ${created.state}): ${created.title}`);
      return 0;
    }
    if (command === 'update' && (rest.length === 2 || rest.length === 3)) {
      const [id, state, body] = rest;
      const parsed = IncidentUpdateBodySchema.safeParse({ id, state, ...(body === undefined ? {} : { body }) });
      if (!parsed.success) {
        out(`refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        return 1;
      }
      const updated = await status.updateIncident(parsed.data, null);
      out(`incident ${updated.id} is ${updated.state}`);
      return 0;
    }
    out(USAGE);
    return 2;
  } catch (err) {
    if (!isApiError(err)) throw err;
    out(`refused: ${err.message}`);
    return 1;
  }
}

async function runNetworkIncidentCommand(args: string[], deps: AdminCliDeps, out: (line: string) => void): Promise<number> {
  const networks = createNetworkService({
    repo: createNetworkRepo(deps.db),
    instruments: await createInstrumentRepo(deps.db.db),
    // The CLI only opens, updates and lists incidents: no network state is computed here.
    custody: { isReal: () => false, secondsPerConfirmation: () => 0 },
    chainHealth: null,
  });
  const refused = (issues: { path: PropertyKey[]; message: string }[]) => {
    out(`refused: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return 1;
  };
  const [command, ...rest] = args;
  try {
    if (command === 'list' && rest.length === 0) {
      const all = await networks.incidentsSince(new Date(0), 100);
      for (const i of all) {
        out(`${i.id}  ${i.networkTitle}  ${i.scope}  ${i.resolvedAt ? `resolved ${i.resolvedAt}` : i.state}  since ${i.createdAt}  ${i.title}`);
      }
      out(`${all.length} network incident${all.length === 1 ? '' : 's'}`);
      return 0;
    }
    if (command === 'open' && rest.length === 5) {
      const [networkTitle, scope, state, title, body] = rest;
      const parsed = NetworkIncidentOpenBodySchema.safeParse({ networkTitle, scope, state, title, body });
      if (!parsed.success) return refused(parsed.error.issues);
      const opened = await networks.open(parsed.data, null);
      out(`opened network incident ${opened.id}: ${opened.networkTitle} ${opened.scope} ${opened.state}: ${opened.title}`);
      return 0;
    }
    if (command === 'update' && rest.length === 3) {
      const [id, state, body] = rest;
      const parsed = NetworkIncidentUpdateBodySchema.safeParse({ id, state, body });
      if (!parsed.success) return refused(parsed.error.issues);
      const updated = await networks.update(parsed.data, null);
      out(`network incident ${updated.id} is ${updated.resolvedAt ? 'resolved' : updated.state}`);
      return 0;
    }
    out(USAGE);
    return 2;
  } catch (err) {
    if (!isApiError(err)) throw err;
    out(`refused: ${err.message}`);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    process.exitCode = await runAdminCli(process.argv.slice(2), { db, config });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && /[\\/]admin\.[cm]?[tj]s$/.test(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
