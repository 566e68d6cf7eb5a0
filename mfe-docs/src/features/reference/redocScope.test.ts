import { scopeRedocSelector } from './redocScope';

describe('scopeRedocSelector: Redoc’s global selectors stay inside its wrapper', () => {
  it('moves :root and html onto the wrapper, keeping the rest of the selector', () => {
    expect(scopeRedocSelector(':root')).toBe('[data-redoc-scope]');
    expect(scopeRedocSelector(':root.dark')).toBe('[data-redoc-scope].dark');
    expect(scopeRedocSelector(':root.notransition *')).toBe('[data-redoc-scope].notransition *');
    expect(scopeRedocSelector('html.dark .sc-abc .path-primary')).toBe('[data-redoc-scope].dark .sc-abc .path-primary');
    expect(scopeRedocSelector('html:not(.light) .x')).toBe('[data-redoc-scope]:not(.light) .x');
  });

  it('leaves Redoc’s own class selectors and look-alike names alone', () => {
    expect(scopeRedocSelector('.sc-abc > p')).toBe('.sc-abc > p');
    expect(scopeRedocSelector('.html-block code')).toBe('.html-block code');
    expect(scopeRedocSelector('[data-kind="html"]')).toBe('[data-kind="html"]');
  });
});
