// The chain test kit itself (issue 28): anvil starts on a free port, the test ERC-20 deploys and mints, anvil_reorg
// really drops a block's transactions, and the custody test keys derive the addresses the api and signer will.
import { mnemonicToAccount } from 'viem/accounts';
import { blockNumber, mine, nativeBalance, type RunningAnvil, reorg, rpc, setAutomine, setBalance, startAnvil } from '../src/anvil';
import { deployErc20, erc20Balance, mintErc20, transferErc20 } from '../src/erc20';
import { testCustodyKeys, testDepositAddress } from '../src/keys';

jest.setTimeout(120_000);

let anvil: RunningAnvil;

beforeAll(async () => {
  anvil = await startAnvil();
});

afterAll(async () => {
  await anvil?.stop();
});

test('anvil answers on its port with its funded default accounts', async () => {
  expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
  expect(Number(BigInt(await rpc<string>(anvil.rpcUrl, 'eth_chainId')))).toBe(anvil.chainId);
  expect(anvil.accounts[0].address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  expect(await nativeBalance(anvil.rpcUrl, anvil.accounts[1].address)).toBeGreaterThan(0n);
});

test('a 6-decimals ERC-20 deploys, mints and transfers', async () => {
  const [owner, payer, receiver] = anvil.accounts;
  const usdt = await deployErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
  expect(usdt).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, contract: usdt, to: payer.address, amount: 25_000_000n });
  await transferErc20({ rpcUrl: anvil.rpcUrl, privateKey: payer.privateKey, contract: usdt, to: receiver.address, amount: 10_000_000n });
  expect(await erc20Balance(anvil.rpcUrl, usdt, payer.address)).toBe(15_000_000n);
  expect(await erc20Balance(anvil.rpcUrl, usdt, receiver.address)).toBe(10_000_000n);
  // only the owner mints
  await expect(mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: payer.privateKey, contract: usdt, to: payer.address, amount: 1n })).rejects.toThrow();
});

test('mine() adds blocks and reorg() replaces them, dropping their transactions', async () => {
  const [owner, payer] = anvil.accounts;
  const usdc = await deployErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
  const mintHash = await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, contract: usdc, to: payer.address, amount: 7n });
  const mintBlock = BigInt((await rpc<{ blockNumber: string }>(anvil.rpcUrl, 'eth_getTransactionReceipt', [mintHash])).blockNumber);
  await mine(anvil.rpcUrl, 2);
  const head = await blockNumber(anvil.rpcUrl);
  expect(head).toBe(mintBlock + 2n);

  const depth = Number(head - mintBlock) + 1;
  await reorg(anvil.rpcUrl, depth);
  expect(await blockNumber(anvil.rpcUrl)).toBe(head);
  expect(await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [mintHash])).toBeNull();
  expect(await erc20Balance(anvil.rpcUrl, usdc, payer.address)).toBe(0n);
});

test('with automine off a transaction waits until a block is mined', async () => {
  const [owner, payer] = anvil.accounts;
  const token = await deployErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, name: 'T', symbol: 'T', decimals: 18 });
  await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, contract: token, to: owner.address, amount: 3n });
  await setAutomine(anvil.rpcUrl, false);
  try {
    const hash = await transferErc20({
      rpcUrl: anvil.rpcUrl,
      privateKey: owner.privateKey,
      contract: token,
      to: payer.address,
      amount: 3n,
      waitForReceipt: false,
    });
    expect(await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash])).toBeNull();
    await mine(anvil.rpcUrl, 1);
    expect(await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash])).not.toBeNull();
  } finally {
    await setAutomine(anvil.rpcUrl, true);
  }
});

test('the custody test keys: deposit address i from the xpub matches the mnemonic, the hot wallet is empty until funded', async () => {
  const keys = testCustodyKeys();
  expect(keys.depositXpub).toMatch(/^xpub/);
  expect(keys.depositXprv).toMatch(/^xprv/);
  expect(keys.signerToken.length).toBeGreaterThanOrEqual(32);
  for (const index of [0, 1, 7]) {
    expect(testDepositAddress(keys.depositXpub, index)).toBe(mnemonicToAccount(keys.mnemonic, { addressIndex: index }).address);
  }
  expect(anvil.accounts.map((a) => a.address)).not.toContain(keys.hotWallet);
  expect(await nativeBalance(anvil.rpcUrl, keys.hotWallet)).toBe(0n);
  await setBalance(anvil.rpcUrl, keys.hotWallet, 10n ** 18n);
  expect(await nativeBalance(anvil.rpcUrl, keys.hotWallet)).toBe(10n ** 18n);
});
