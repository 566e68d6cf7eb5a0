// Account money fixtures and a signed-in test host for the wallet, withdraw, affiliate, cashback and keys tests.
import type { AffiliateProgram, ApiKeyRecord, Balance, LedgerEntry, LocaleCode, WithdrawalRecord } from 'shared-contracts';
import { createTestHost } from './testHost';

export const HOUR = 3600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function signedIn(o: { lng?: LocaleCode; api?: Record<string, unknown>; path?: string; query?: string } = {}) {
  return createTestHost({
    lng: o.lng,
    api: o.api,
    route: { path: o.path ?? '/profile', query: new URLSearchParams(o.query ?? '') },
    session: {
      isAuthorised: true,
      account: { email: 'a@b.co', userId: 1, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false },
    },
  });
}

export const balance = (amount: string, pending = '0', held = '0'): Balance => ({ currencyTitle: 'USDT', networkTitle: 'TRC20', amount, held, pending });

export function entry(id: string, kind: LedgerEntry['kind'], amount: string, createdAt = ago(2 * HOUR), orderId = `o…${id}`): LedgerEntry {
  return { id, kind, currencyTitle: 'USDT', amount, orderId, volume: '1000', rate: kind === 'CASHBACK' ? '0.001' : '0.005', createdAt };
}

export function withdrawal(id: string, status: WithdrawalRecord['status'], amount = '12.5', createdAt = ago(HOUR)): WithdrawalRecord {
  return {
    id,
    status,
    currencyTitle: 'USDT',
    networkTitle: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    amount,
    createdAt,
    txHash: status === 'COMPLETED' ? 'a'.repeat(64) : null,
    completedAt: status === 'COMPLETED' ? createdAt : null,
    failureReason: status === 'FAILED' ? 'rejected' : null,
  };
}

export const program = (o: Partial<AffiliateProgram> = {}): AffiliateProgram => ({
  commissionRate: '0.005',
  cashbackTiers: [
    { minVolume: '10000', rate: '0.002' },
    { minVolume: '0', rate: '0.001' },
    { minVolume: '100000', rate: '0.003' },
  ],
  volume30d: '12500.5',
  cashbackRate: '0.002',
  withdrawalMin: '10',
  withdrawalCurrency: { currencyTitle: 'USDT', networkTitle: 'TRC20' },
  holdDays: 7,
  ...o,
});

export function apiKey(apiId: string, o: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    apiId,
    name: `key ${apiId}`,
    whiteListIp: [],
    isActive: true,
    prefix: 'cfk_AbCd',
    createdAt: ago(5 * HOUR),
    lastUsedAt: null,
    suspended: false,
    signatureRequired: false,
    ...o,
  };
}
