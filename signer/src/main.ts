// The signer process: environment → configuration → listening on loopback. Prints one ready line (never a key):
//   signer listening on http://127.0.0.1:<port> hot wallet 0x…
import { readSignerConfig, SignerConfigError } from './config';
import { JournalCorrupt } from './journal/journal';
import { createSigner, SignerStartError } from './signer';

async function main(): Promise<void> {
  const config = readSignerConfig(process.env);
  const signer = await createSigner(config, {
    logger: { level: process.env.SIGNER_LOG_LEVEL?.trim() || 'info', redact: ['req.headers.authorization'] },
  });
  const url = await signer.start();
  process.stdout.write(`signer listening on ${url} hot wallet ${signer.hotWallet}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    signer.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  const known = err instanceof SignerConfigError || err instanceof SignerStartError || err instanceof JournalCorrupt;
  // a config error names the variable, never its value; anything else prints its message only (no stack of values)
  process.stderr.write(`signer: ${known ? (err as Error).message : `failed to start: ${(err as Error)?.message ?? String(err)}`}\n`);
  process.exit(1);
});
