import { render } from '@testing-library/react';
import { BTC, USD, USDT, instrument } from '../test/fixtures';
import { CoinLogo, type CoinLogoInstrument } from './CoinLogo';

const USDC = instrument('usdcerc20', { currencyTitle: 'USDC', networkTitle: 'ERC20' });
const EUR = instrument('eur', { networkTitle: 'CARD', instrumentType: 'fiat' });

function look(i: CoinLogoInstrument) {
  const { container, unmount } = render(<CoinLogo instrument={i} />);
  const logo = container.firstElementChild as HTMLElement;
  const seen = { kind: logo.dataset.kind, text: logo.textContent, colour: logo.style.background || logo.querySelector('rect')?.getAttribute('fill') };
  unmount();
  return seen;
}

describe('CoinLogo (issue 25: each coin its own look)', () => {
  it('USDT, USDC and the USD card no longer share one icon', () => {
    const looks = [USDT, USDC, USD].map(look);
    expect(looks.map((l) => l.text)).toEqual(['USDT', 'USDC', '$']);
    expect(new Set(looks.map((l) => l.colour)).size).toBe(3);
  });

  it('a card instrument is drawn as a card with its currency sign', () => {
    expect(look(USD)).toMatchObject({ kind: 'card', text: '$' });
    expect(look(EUR)).toMatchObject({ kind: 'card', text: '€' });
    // a latest exchange's ref carries no instrument type: the fiat code says it
    expect(look({ currencyTitle: 'EUR', slug: 'eur' })).toMatchObject({ kind: 'card', text: '€' });
    expect(look(BTC)).toMatchObject({ kind: 'coin', text: 'BTC' });
  });

  it('is decoration: hidden from screen readers (the code is written beside it)', () => {
    const { container } = render(<CoinLogo instrument={USD} />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
