import { ApiError } from 'shared-contracts';
import { HomeExtrasStore } from './HomeExtrasStore';

const item = {
  from: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  to: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  amountFrom: '0.1',
  amountTo: '2',
  completedAt: '2030-01-01T00:00:00Z',
};

describe('HomeExtrasStore', () => {
  it('loads latest exchanges and stats; one failing part does not hide the other', async () => {
    const api = {
      ordersPublicLatest: jest.fn(async () => [item]),
      statsPublic: jest.fn(async () => ({ ordersCompleted: 3, volumeUsd: '100', instrumentsCount: 20 })),
    };
    const s = new HomeExtrasStore(api);
    await s.load();
    expect(s.latest).toEqual([item]);
    expect(s.stats?.ordersCompleted).toBe(3);
    api.statsPublic.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'x'));
    const t = new HomeExtrasStore(api);
    await t.load();
    expect(t.latest).toHaveLength(1);
    expect(t.stats).toBeNull();
  });
});
