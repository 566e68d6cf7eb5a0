import { autorun } from 'mobx';
import { createMemoryRouter } from '../routing/router';
import { CurrentLocation } from './CurrentLocation';

describe('CurrentLocation', () => {
  it('follows the router; a slot sees its own page’s route, one object per URL', async () => {
    const router = createMemoryRouter('/ru/order/abc?destinationAddress=T1#top');
    const current = new CurrentLocation(router.state.location);
    const stop = current.follow(router);
    const order = current.slotLocation('mfe_order', 'Order');
    const seen: string[] = [];
    const dispose = autorun(() => void seen.push(`${order().route.params.id}${order().route.query.toString() ? `?${order().route.query}` : ''}`));

    expect(order()).toBe(order());
    expect(order()).toMatchObject({
      pathname: '/ru/order/abc',
      hash: '#top',
      route: { name: 'order-id___ru', path: '/order/abc', params: { id: 'abc' }, hash: '#top' },
    });
    await router.navigate('/ru/order/def');
    expect(order().route.params.id).toBe('def');
    // another page is current: the slot keeps its last route
    await router.navigate('/blog');
    expect(order().route.params.id).toBe('def');
    expect(current.query.toString()).toBe('');
    await router.navigate('/blog?ref=p1');
    expect(current.query.get('ref')).toBe('p1');
    expect(seen).toEqual(['abc?destinationAddress=T1', 'def']);

    dispose();
    stop();
    await router.navigate('/order/ghi');
    expect(order().route.params.id).toBe('def');
  });
});
