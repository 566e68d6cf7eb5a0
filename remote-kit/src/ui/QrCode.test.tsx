import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QrCode } from './QrCode';

afterEach(cleanup);

describe('QrCode', () => {
  it('the server prints the empty box, labelled as an image', () => {
    const html = renderToString(<QrCode value="bitcoin:bc1qexample?amount=0.1" label="QR code of the deposit" testId="qr" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="QR code of the deposit"');
    expect(html).toContain('data-ready="false"');
    expect(html).not.toContain('<svg');
  });

  it('draws the code after mount, at its size, and never shows the previous value’s code for a new one', async () => {
    const { rerender } = render(<QrCode value="otpauth://totp/a" label="QR code" testId="qr" size="lg" />);
    const box = screen.getByTestId('qr');
    expect(box.className).toMatch(/lg/);
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    const first = box.innerHTML;
    expect(first).toContain('<svg');
    rerender(<QrCode value="otpauth://totp/b" label="QR code" testId="qr" size="lg" />);
    expect(box.getAttribute('data-ready')).toBe('false');
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    expect(box.innerHTML).not.toBe(first);
  });
});
