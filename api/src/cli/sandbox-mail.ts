// `pnpm sandbox mail [email] [--limit N]`: prints the SANDBOX outbox (mails the outbox adapter stored instead
// of sending), newest first. Dispatched by cli/sandbox.ts.
import { loadConfig } from '../config';
import { openDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { codeIn, readOutbox } from '../adapters/mail';

export async function printOutbox(db: DbHandle, args: string[], out: (line: string) => void = (l) => console.log(l)): Promise<void> {
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) || 20 : 20;
  const to = args.find((a, i) => !a.startsWith('--') && i !== limitAt + 1);
  const messages = await readOutbox(db, { to, limit });
  if (messages.length === 0) {
    out(to ? `SANDBOX outbox: no mail to ${to}` : 'SANDBOX outbox: empty');
    return;
  }
  for (const m of messages) {
    const code = codeIn(m.text);
    out(`── #${m.id} ${m.createdAt} to ${m.to} [${m.kind}, ${m.locale}]${code ? ` code ${code}` : ''}`);
    out(`Subject: ${m.subject}`);
    out(m.text);
    out('');
  }
}

export async function main(args: string[]): Promise<void> {
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    await printOutbox(db, args);
  } finally {
    await db.close();
  }
}
