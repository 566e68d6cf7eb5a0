// The append-only journal: one JSON object a line, fsync'ed after every append, replayed on start. It is what makes a
// payout idempotent across a kill -9: a transaction is journaled (signed, with its nonce) before it is broadcast.
import { closeSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';

export class JournalCorrupt extends Error {
  constructor(path: string, line: number) {
    super(`journal ${path} is corrupt at line ${line}`);
    this.name = 'JournalCorrupt';
  }
}

export interface Journal<E> {
  /** Every entry so far, in order (read once at open). */
  readonly replayed: readonly E[];
  /** Writes one entry and returns only once it is on disk. */
  append(entry: E): void;
  close(): void;
}

/**
 * Opens (creating) the journal at `path`. A last line cut short by a crash mid-write is dropped (it was never
 * acknowledged: its fsync did not return); an unreadable line anywhere else is corruption and refuses the start.
 */
export function openJournal<E>(path: string): Journal<E> {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const lines = text.split('\n');
  const replayed: E[] = [];
  /** Bytes of the file up to the end of the last whole entry, when a torn tail follows it. */
  let keepBytes: number | null = null;
  let offset = 0;
  lines.forEach((line, i) => {
    const lineStart = offset;
    offset += Buffer.byteLength(line, 'utf8') + 1;
    if (line.trim() === '') return;
    try {
      replayed.push(JSON.parse(line) as E);
    } catch {
      const isLast = lines.slice(i + 1).every((rest) => rest.trim() === '');
      if (!isLast) throw new JournalCorrupt(path, i + 1);
      keepBytes = lineStart;
    }
  });
  if (keepBytes !== null) truncateSync(path, keepBytes);

  const fd = openSync(path, 'a', 0o600);
  // a last entry without its newline (cannot happen through append, but a hand edit can): end it
  if (keepBytes === null && text.length > 0 && !text.endsWith('\n')) {
    writeSync(fd, '\n');
    fsyncSync(fd);
  }
  let closed = false;
  return {
    replayed,
    append(entry) {
      if (closed) throw new Error('journal is closed');
      const bytes = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written);
      fsyncSync(fd);
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
