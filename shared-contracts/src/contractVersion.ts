// DESIGN.md Module Federation rule 8: the contract between the shell and its remotes is versioned.
// Equal to this package's package.json version (test/contractVersion.test.ts keeps them equal); a remote
// records the version it was compiled against (`contractVersion` of its `./pages`, written in by the webpack
// factory), and the shell refuses a remote whose major differs from the shared-contracts it runs.
export const CONTRACT_VERSION = '1.10.0';

/** `'1.2.3'` → `{ major: 1, minor: 2, patch: 3 }`; anything that is not `major.minor.patch` → undefined. */
export function parseContractVersion(version: unknown): { major: number; minor: number; patch: number } | undefined {
  if (typeof version !== 'string') return undefined;
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/**
 * How a remote built against `remoteVersion` fits the contract the host runs (`hostVersion`):
 * `compatible` — same major, minor and patch differences run;
 * `major-mismatch` — the page must not run;
 * `unrecorded` — the remote states no (readable) version: built before versions were recorded, so it runs.
 */
export type ContractCompatibility = 'compatible' | 'major-mismatch' | 'unrecorded';

export function contractCompatibility(hostVersion: string, remoteVersion: unknown): ContractCompatibility {
  const remote = parseContractVersion(remoteVersion);
  if (!remote) return 'unrecorded';
  const host = parseContractVersion(hostVersion);
  if (!host) throw new Error(`invalid host contract version ${JSON.stringify(hostVersion)}`);
  return remote.major === host.major ? 'compatible' : 'major-mismatch';
}
