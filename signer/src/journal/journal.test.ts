import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalCorrupt, openJournal } from './journal';
import { type JournalEntry, Ledger, type SignedTx } from './ledger';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'signer-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hot = '0x1111111111111111111111111111111111111111' as const;
const to = '0x2222222222222222222222222222222222222222' as const;

function tx(nonce: number, hash: string, signedAt = '2026-12-07T10:00:00.000Z'): SignedTx {
  return { hash: `0x${hash.padStart(64, '0')}`, raw: '0x02f8', from: hot, nonce, gas: '21000', maxFeePerGas: '2', maxPriorityFeePerGas: '1', signedAt };
}

describe('journal', () => {
  it('replays what was appended, in order, after a reopen', () => {
    const file = path.join(dir, 'j.jsonl');
    const first = openJournal<{ n: number }>(file);
    expect(first.replayed).toEqual([]);
    first.append({ n: 1 });
    first.append({ n: 2 });
    first.close();
    const second = openJournal<{ n: number }>(file);
    expect(second.replayed).toEqual([{ n: 1 }, { n: 2 }]);
    second.append({ n: 3 });
    second.close();
    expect(openJournal<{ n: number }>(file).replayed).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('drops a last line torn by a crash mid-write and carries on on a fresh line', () => {
    const file = path.join(dir, 'j.jsonl');
    writeFileSync(file, '{"n":1}\n{"n":2');
    const journal = openJournal<{ n: number }>(file);
    expect(journal.replayed).toEqual([{ n: 1 }]);
    journal.append({ n: 3 });
    journal.close();
    expect(openJournal<{ n: number }>(file).replayed).toEqual([{ n: 1 }, { n: 3 }]);
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
  });

  it('refuses a journal with an unreadable line before the end', () => {
    const file = path.join(dir, 'j.jsonl');
    writeFileSync(file, '{"n":1}\nnot json\n{"n":3}\n');
    expect(() => openJournal(file)).toThrow(JournalCorrupt);
  });

  it('rebuilds the ledger from its entries: payouts, replacements, releases, sweeps and nonces', () => {
    const file = path.join(dir, 'j.jsonl');
    const journal = openJournal<JournalEntry>(file);
    const ledger = new Ledger(journal);
    const payout = { key: 'p1', asset: { kind: 'native' as const }, to, amount: '100' };
    ledger.record({ type: 'payout-signed', ...payout, tx: tx(4, 'a'), replacement: false, released: false });
    ledger.record({ type: 'payout-signed', ...payout, tx: tx(4, 'b'), replacement: true, released: false });
    ledger.record({
      type: 'payout-held',
      key: 'p2',
      asset: { kind: 'native' },
      to,
      amount: '5000',
      reason: 'over the per-payout limit',
      at: '2026-12-07T10:00:00.000Z',
    });
    ledger.record({ type: 'payout-rejected', key: 'p3', asset: { kind: 'native' }, to, amount: '0', reason: 'amount', at: '2026-12-07T10:00:00.000Z' });
    ledger.record({ type: 'sweep-signed', key: 's1', derivationIndex: 3, asset: { kind: 'native' }, step: 'topup', value: '7', tx: tx(5, 'c') });
    journal.close();
    appendFileSync(file, ''); // nothing new: the replay alone rebuilds it

    const replayed = new Ledger(openJournal<JournalEntry>(file));
    expect(replayed.payouts.get('p1')?.txs.map((t) => t.hash.slice(-1))).toEqual(['a', 'b']);
    expect(replayed.payouts.get('p1')?.state).toBe('signed');
    expect(replayed.payouts.get('p2')?.state).toBe('held');
    expect(replayed.payouts.get('p3')?.state).toBe('rejected');
    expect(replayed.heldCount()).toBe(1);
    expect(replayed.highestJournaledNonce(hot.toUpperCase().replace('0X', '0x'))).toBe(5);
    expect(replayed.highestJournaledNonce(to)).toBe(-1);
    expect(replayed.sweeps.get('s1')?.topup?.nonce).toBe(5);
    expect(replayed.sweeps.get('s1')?.transfer).toBeNull();
  });

  it('a held payout released becomes signed, released, and counts toward its day', () => {
    const journal = openJournal<JournalEntry>(path.join(dir, 'j.jsonl'));
    const ledger = new Ledger(journal);
    const held = { key: 'h', asset: { kind: 'native' as const }, to, amount: '900' };
    ledger.record({ type: 'payout-held', ...held, reason: 'over the per-day limit', at: '2026-12-07T10:00:00.000Z' });
    expect(ledger.spentOnDay('native', '2026-12-07')).toBe(0n);
    ledger.record({ type: 'payout-signed', ...held, tx: tx(0, 'd', '2026-12-08T00:00:01.000Z'), replacement: false, released: true });
    const record = ledger.payouts.get('h');
    expect(record?.state).toBe('signed');
    expect(record?.released).toBe(true);
    expect(ledger.spentOnDay('native', '2026-12-07')).toBe(0n);
    expect(ledger.spentOnDay('native', '2026-12-08')).toBe(900n);
    journal.close();
  });
});
