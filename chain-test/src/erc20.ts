// A minimal ERC-20 for tests (issue 28): compiled in-process with solc-js once per process (it takes seconds), deployed
// and minted with viem. Name, symbol and decimals are set in the constructor (USDT/USDC: 6 decimals).
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Abi, createPublicClient, createWalletClient, defineChain, erc20Abi, getAddress, type Hex, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { workspaceRoot } from './workspaceRoot';

export { erc20Abi };

export const TEST_ERC20_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _transfer(from, to, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "owner");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "zero address");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`;

export interface CompiledErc20 {
  abi: Abi;
  bytecode: Hex;
}

let compiled: CompiledErc20 | null = null;

/** The test token's ABI and creation bytecode (compiled on first use, then kept in memory). */
export function compileTestErc20(): CompiledErc20 {
  if (compiled) return compiled;
  const solc = loadSolc();
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TEST_ERC20_SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['TestToken.sol']?.TestToken;
  if (!contract) throw new Error('solc produced no TestToken');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

function loadSolc(): { compile(input: string): string } {
  // solc is chain-test's dependency: resolve it from there whichever package's test imports this kit.
  const fromChainTest = createRequire(path.join(workspaceRoot(), 'chain-test', 'package.json'));
  return fromChainTest('solc') as { compile(input: string): string };
}

/** viem clients for a local chain and one private key (the chain id is asked from the node once per URL). */
async function clientsFor(rpcUrl: string, privateKey: Hex) {
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await publicClient.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `local-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = privateKeyToAccount(privateKey);
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return { publicClient: publicClient as PublicClient, walletClient, account };
}

export interface DeployErc20Options {
  rpcUrl: string;
  /** The deployer, who becomes the token's owner (the only one allowed to mint). */
  privateKey: Hex;
  name: string;
  symbol: string;
  decimals: number;
}

/** Deploys the test token and waits for its receipt (needs automine on, or a block time). Returns its address. */
export async function deployErc20(opts: DeployErc20Options): Promise<`0x${string}`> {
  const { abi, bytecode } = compileTestErc20();
  const { publicClient, walletClient } = await clientsFor(opts.rpcUrl, opts.privateKey);
  const hash = await walletClient.deployContract({ abi, bytecode, args: [opts.name, opts.symbol, opts.decimals] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${opts.symbol} failed`);
  return getAddress(receipt.contractAddress);
}

export interface MintErc20Options {
  rpcUrl: string;
  /** The token's owner (its deployer). */
  privateKey: Hex;
  contract: `0x${string}`;
  to: `0x${string}`;
  /** Base units. */
  amount: bigint;
}

/** Mints `amount` base units to `to` and waits for the receipt. Returns the transaction hash. */
export async function mintErc20(opts: MintErc20Options): Promise<Hex> {
  const { abi } = compileTestErc20();
  const { publicClient, walletClient } = await clientsFor(opts.rpcUrl, opts.privateKey);
  const hash = await walletClient.writeContract({
    address: opts.contract,
    abi,
    functionName: 'mint',
    args: [opts.to, opts.amount],
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== 'success') throw new Error('mint reverted');
  return hash;
}

export interface TransferErc20Options {
  rpcUrl: string;
  /** The sender's key. */
  privateKey: Hex;
  contract: `0x${string}`;
  to: `0x${string}`;
  amount: bigint;
  /** Wait for the receipt (default true; false when automine is off and the test mines itself). */
  waitForReceipt?: boolean;
}

/** An ERC-20 transfer from the key's address. Returns the transaction hash. */
export async function transferErc20(opts: TransferErc20Options): Promise<Hex> {
  const { publicClient, walletClient } = await clientsFor(opts.rpcUrl, opts.privateKey);
  const hash = await walletClient.writeContract({
    address: opts.contract,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [opts.to, opts.amount],
    chain: walletClient.chain,
  });
  if (opts.waitForReceipt !== false) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error('transfer reverted');
  }
  return hash;
}

export interface SendNativeOptions {
  rpcUrl: string;
  privateKey: Hex;
  to: `0x${string}`;
  /** Wei. */
  value: bigint;
  waitForReceipt?: boolean;
}

/** A plain native-coin transfer. Returns the transaction hash. */
export async function sendNative(opts: SendNativeOptions): Promise<Hex> {
  const { publicClient, walletClient } = await clientsFor(opts.rpcUrl, opts.privateKey);
  const hash = await walletClient.sendTransaction({ to: opts.to, value: opts.value, chain: walletClient.chain });
  if (opts.waitForReceipt !== false) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error('transfer reverted');
  }
  return hash;
}

/** An address's token balance in base units. */
export async function erc20Balance(rpcUrl: string, contract: `0x${string}`, owner: `0x${string}`): Promise<bigint> {
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  return publicClient.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}
