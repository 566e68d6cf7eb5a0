import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { BRAND_COLOR, LogoMark, MARK_PATHS } from './Logo';

describe('the Coinferry mark', () => {
  it('is an image named by its label, or decoration beside the visible name', () => {
    const { container } = render(
      <>
        <LogoMark label="Coinferry" />
        <LogoMark />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Coinferry' })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });

  it('the favicon (and the PNGs drawn from it) is the same drawing as the header’s mark', () => {
    const favicon = readFileSync(path.join(__dirname, '../../public/favicon.svg'), 'utf8');
    expect(favicon).toContain(`fill="${BRAND_COLOR}"`);
    for (const d of MARK_PATHS) expect(favicon).toContain(`d="${d}"`);
    expect(favicon).toContain('<title>Coinferry</title>');
  });
});
