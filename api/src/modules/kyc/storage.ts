// Sealed document files (issue 12): AES-256-GCM under the data encryption key (lib/secretBox.ts), random names, in a
// directory only the api's user may enter (0700, files 0600), outside anything web serves. Read only through the
// admin document route.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretBox } from '../../lib/secretBox';

export interface DocumentStore {
  put(plain: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{32}$/;

export function createDocumentStore(dir: string, box: SecretBox): DocumentStore {
  let ready: Promise<void> | undefined;
  const ensureDir = () => {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
    })();
    return ready;
  };
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid document storage key');
    return path.join(dir, key);
  };
  return {
    async put(plain) {
      await ensureDir();
      const key = randomBytes(24).toString('base64url');
      await writeFile(fileOf(key), box.sealBytes(plain), { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      return box.openBytes(await readFile(fileOf(key)));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
