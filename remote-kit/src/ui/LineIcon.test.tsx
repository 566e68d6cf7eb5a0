import { render } from '@testing-library/react';
import { LineIcon } from './LineIcon';

describe('LineIcon', () => {
  it('draws its path at the size asked, in the text colour, hidden from assistive technology', () => {
    const { container } = render(<LineIcon d="M6 9l6 6 6-6" size={16} className="chevron" visibility="hidden" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('16');
    expect(svg?.getAttribute('height')).toBe('16');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.getAttribute('class')).toBe('chevron');
    expect(svg?.getAttribute('visibility')).toBe('hidden');
    const path = svg?.querySelector('path');
    expect(path?.getAttribute('d')).toBe('M6 9l6 6 6-6');
    expect(path?.getAttribute('stroke')).toBe('currentColor');
    expect(path?.getAttribute('fill')).toBe('none');
  });
});
