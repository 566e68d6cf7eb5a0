// `pnpm sandbox <command>` — SANDBOX helpers for developers and the e2e tests.
//   pnpm sandbox deposit <orderId> <amount>   record a deposit on the simulated chain (calls the running api's
//                                             sandbox endpoint; API_URL, default http://127.0.0.1:$API_PORT;
//                                             sends SANDBOX_TOKEN when set, needed unless the api is on this machine)
//   pnpm sandbox mail [email] [--limit N]     print the sandbox mail outbox (cli/sandbox-mail.ts)
// The deposit goes through the api (not the database) so the api's job and WebSocket see it at once, and
// because an embedded PGlite database can only be opened by one process.
import type { Order } from 'shared-contracts/server';
import { SANDBOX_TOKEN_HEADER } from '../http/sandboxGuard';

export const SANDBOX_DEPOSIT_URL = (apiUrl: string, orderId: string) =>
  `${apiUrl.replace(/\/$/, '')}/api/v1/sandbox/orders/${encodeURIComponent(orderId)}/deposit`;

export function defaultApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.API_URL || `http://127.0.0.1:${env.API_PORT || 3000}`;
}

export async function sandboxDeposit(apiUrl: string, orderId: string, amount: string, sandboxToken?: string): Promise<Order> {
  const res = await fetch(SANDBOX_DEPOSIT_URL(apiUrl, orderId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sandboxToken ? { [SANDBOX_TOKEN_HEADER]: sandboxToken } : {}) },
    body: JSON.stringify({ amount }),
  });
  const body = (await res.json().catch(() => ({}))) as Order & { code?: string; message?: string };
  if (!res.ok) {
    const hint =
      res.status === 404 && body.code === 'ERR_NOT_FOUND'
        ? ' (is SANDBOX_MODE on for that api?)'
        : res.status === 403 && !sandboxToken
          ? " (set SANDBOX_TOKEN to the api's operator token)"
          : '';
    throw new Error(`deposit refused: ${res.status} ${body.code ?? ''} ${body.message ?? ''}${hint}`);
  }
  return body;
}

const USAGE = 'usage: pnpm sandbox deposit <orderId> <amount> | pnpm sandbox mail [email] [--limit N]';

export async function main(argv: string[], out: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'deposit': {
      const [orderId, amount] = args;
      if (!orderId || !amount || !/^\d+(\.\d+)?$/.test(amount)) {
        out(USAGE);
        return 2;
      }
      const order = await sandboxDeposit(defaultApiUrl(), orderId, amount, process.env.SANDBOX_TOKEN || undefined);
      const d = order.orderDetails;
      out(
        `SANDBOX deposit of ${amount} ${order.pair.instrumentFrom.currencyTitle} recorded for ${order.orderId} (tx ${d.depositTxHash}); ${d.requiredConfirmations} confirmations to go`,
      );
      return 0;
    }
    case 'mail': {
      // Written by the accounts module; tolerated missing so the deposit command works on its own.
      const mail = (await import('./sandbox-mail').catch(() => null)) as { main?: (args: string[]) => Promise<void> } | null;
      if (!mail?.main) {
        out('pnpm sandbox mail is not available: api/src/cli/sandbox-mail.ts is missing');
        return 1;
      }
      await mail.main(args);
      return 0;
    }
    default:
      out(USAGE);
      return 2;
  }
}

if (process.argv[1] && /[\\/]sandbox\.[cm]?[tj]s$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error((err as Error).message);
      process.exit(1);
    },
  );
}
