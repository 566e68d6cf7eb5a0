// The KYC job (issue 12): in SANDBOX mode the automatic decision (SANDBOX_KYC_AUTO_DECISION pass|reject, after
// SANDBOX_KYC_DECISION_DELAY_MS, audit-logged as SANDBOX), and everywhere the retention: the documents of a
// verification decided more than KYC_RETENTION_DAYS ago are deleted (their chunks deleted from the database, rows
// marked, audit-logged, in one transaction: every replica and, from then on, every backup is without them).
import type { KycConfig } from '../../config';
import type { KycRepo } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SANDBOX_REJECT_REASON = 'Sandbox: rejected automatically (SANDBOX_KYC_AUTO_DECISION=reject)';

interface Log {
  info(obj: unknown, msg?: string): void;
}

export async function sandboxDecisionPass(repo: KycRepo, kyc: KycConfig, now: Date, log: Log): Promise<void> {
  if (kyc.sandboxAutoDecision === 'off') return;
  const decision = kyc.sandboxAutoDecision === 'pass' ? 'PASS' : 'REJECT';
  for (const id of await repo.pendingSince(new Date(now.getTime() - kyc.sandboxDecisionDelayMs))) {
    // Another replica or an admin may have decided it meanwhile: that is not an error.
    const decided = await repo.decide(id, decision, decision === 'REJECT' ? SANDBOX_REJECT_REASON : null, 'SANDBOX').catch(() => null);
    if (decided) log.info({ userId: decided.userId, verificationId: id, status: decision }, 'kyc decided by the sandbox');
  }
}

/** Returns how many verifications had their documents deleted. */
export async function retentionPass(repo: KycRepo, retentionDays: number, now: Date, log: Log): Promise<number> {
  const ids = await repo.decidedBefore(new Date(now.getTime() - retentionDays * DAY_MS));
  for (const id of ids) {
    await repo.deleteDocuments(id);
    log.info({ verificationId: id }, 'kyc documents deleted (retention)');
  }
  return ids.length;
}
