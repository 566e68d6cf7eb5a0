// The api process of the payout and withdrawal fault tests: src/main.ts's start-up (loadConfig → startApi) with
// the sandbox custody wrapped as a custodian that outlives the api. Every payout call is appended (and fsynced)
// to FAULT_PAYOUT_LOG before the answer goes back, and a key already in the log is answered with its first
// transfer's hash without sending again — what a real custodian does with an idempotency key. So after a
// kill -9 the log says exactly what went out: one `sent` line per transfer, `replay` lines for the retries.
// The file `<FAULT_PAYOUT_LOG>.delay` (milliseconds, read at each payout; no restart needed to change it) holds each
// answer back after the transfer went out, so a kill lands mid-payout.
import fs from 'node:fs';
import { createSandboxCustody } from '../../src/adapters/custody/sandbox';
import type { CustodyAdapter, PayoutRequest } from '../../src/adapters/custody/types';
import { loadConfig } from '../../src/config';
import { startApi } from '../../src/server';

export interface PayoutLogLine {
  event: 'sent' | 'replay';
  key: string;
  address: string;
  amount: string;
  currency: string;
  txHash: string;
  pid: number;
  at: string;
}

export function readPayoutLog(file: string): PayoutLogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as PayoutLogLine);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logFile = process.env.FAULT_PAYOUT_LOG;
  if (!logFile) throw new Error('FAULT_PAYOUT_LOG is required');
  const delayMs = () => {
    try {
      return Number(fs.readFileSync(`${logFile}.delay`, 'utf8').trim()) || 0;
    } catch {
      return 0;
    }
  };
  const sandbox = createSandboxCustody({
    confirmationIntervalMs: config.confirmationIntervalMs,
    withdrawalFailureRate: config.money.sandboxWithdrawalFailureRate,
  });
  const sent = new Map(readPayoutLog(logFile).map((l) => [l.key, l.txHash]));
  const fd = fs.openSync(logFile, 'a');
  const record = (event: PayoutLogLine['event'], req: PayoutRequest, txHash: string) => {
    const line: PayoutLogLine = {
      event,
      key: req.idempotencyKey,
      address: req.address,
      amount: req.amount,
      currency: req.instrument.currencyTitle,
      txHash,
      pid: process.pid,
      at: new Date().toISOString(),
    };
    fs.writeSync(fd, `${JSON.stringify(line)}\n`);
    fs.fsyncSync(fd);
  };
  const custody: CustodyAdapter = {
    ...sandbox,
    async payout(req) {
      const before = sent.get(req.idempotencyKey);
      if (before) {
        record('replay', req, before);
        return { txHash: before, final: true };
      }
      const { txHash } = await sandbox.payout(req);
      sent.set(req.idempotencyKey, txHash);
      record('sent', req, txHash);
      const delay = delayMs();
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      return { txHash, final: true };
    },
  };
  const api = await startApi(config, { custody });
  api.app.log.info(`api (fault tests, payout log ${logFile}) listening on ${api.url}`);
}

if (process.argv[1] && /apiWithPayoutLog\.[cm]?[tj]s$/.test(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
