import { redocScrollOffset, siteHeaderHeight } from './redocMenuBar';

const box = (height: number) => ({ height, width: 390, top: 0, left: 0, right: 390, bottom: height, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;

function page({ header, bar, barPosition }: { header?: number; bar?: number; barPosition?: string }) {
  document.body.innerHTML = '';
  if (header !== undefined) {
    const h = document.createElement('header');
    h.getBoundingClientRect = () => box(header);
    document.body.append(h);
  }
  const scope = document.createElement('div');
  scope.setAttribute('data-redoc-scope', '');
  if (bar !== undefined) {
    const button = document.createElement('button');
    button.dataset.testid = 'floating-button';
    button.style.position = barPosition ?? 'sticky';
    button.getBoundingClientRect = () => box(bar);
    scope.append(button);
  }
  document.body.append(scope);
}

describe('where Redoc scrolls to, with the phone’s menu bar', () => {
  it('lands under the site header (64 px if it is not there)', () => {
    page({ header: 57 });
    expect(siteHeaderHeight()).toBe(57);
    expect(redocScrollOffset()).toBe(57);
    page({});
    expect(redocScrollOffset()).toBe(64);
  });

  it('on a phone, under the sticky menu bar too: what Redoc scrolls to is never hidden by it', () => {
    page({ header: 64, bar: 48 });
    expect(redocScrollOffset()).toBe(112);
  });

  it('wider (Redoc hides the button) or with the menu open (the bar is fixed over the drawer): the header only', () => {
    page({ header: 64, bar: 0 });
    expect(redocScrollOffset()).toBe(64);
    page({ header: 64, bar: 48, barPosition: 'fixed' });
    expect(redocScrollOffset()).toBe(64);
  });
});
