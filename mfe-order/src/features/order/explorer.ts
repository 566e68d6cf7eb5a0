// Block-explorer links of the instrument catalogue (issue 10, contract 1.3): `{hash}` / `{address}` in an https
// template replaced by the URI-encoded value. No template (or one that is not https): no link, plain text.

function fill(template: string | undefined, placeholder: '{hash}' | '{address}', value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!template || !v || !template.startsWith('https://') || !template.includes(placeholder)) return undefined;
  return template.split(placeholder).join(encodeURIComponent(v));
}

/** The explorer page of a transaction, or undefined. */
export const explorerTxLink = (instrument: { explorerTxUrl?: string } | undefined, hash: string | null | undefined) =>
  fill(instrument?.explorerTxUrl, '{hash}', hash);

/** The explorer page of an address, or undefined. */
export const explorerAddressLink = (instrument: { explorerAddressUrl?: string } | undefined, address: string | null | undefined) =>
  fill(instrument?.explorerAddressUrl, '{address}', address);

/** The explorer's host name, for the link's text ("opens mempool.space in a new tab"). */
export function explorerHost(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}
