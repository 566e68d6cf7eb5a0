import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Checkbox } from './Checkbox';
import { Select } from './Select';
import { TextField } from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextField label="Destination address" hint="Your wallet on the network" />);
    const input = screen.getByRole('textbox', { name: 'Destination address', description: 'Your wallet on the network' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('with an error: invalid and described by the hint, then the error', () => {
    render(<TextField label="Destination address" hint="Your wallet" error="Not an address of this network" />);
    const input = screen.getByRole('textbox', { name: 'Destination address', description: 'Your wallet Not an address of this network' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a given id and aria-describedby, forwards its ref and props to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <>
        <p id="extra">Extra words</p>
        <TextField ref={ref} id="amount" label="Amount" inputMode="decimal" aria-describedby="extra" error="Too small" defaultValue="1" />
      </>,
    );
    const input = screen.getByLabelText('Amount');
    expect(input.id).toBe('amount');
    expect(ref.current).toBe(input);
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('textbox', { description: 'Extra words Too small' })).toBe(input);
  });

  it('shows its end adornment inside the field', () => {
    render(<TextField label="Address" endAdornment={<button type="button">Scan QR code</button>} />);
    expect(screen.getByRole('button', { name: 'Scan QR code' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeTruthy();
  });

  it('two fields get different ids', () => {
    render(
      <>
        <TextField label="From" hint="a" />
        <TextField label="To" hint="b" />
      </>,
    );
    expect(screen.getByLabelText('From').id).not.toBe(screen.getByLabelText('To').id);
    expect(screen.getByRole('textbox', { name: 'To', description: 'b' })).toBeTruthy();
  });
});

describe('Select', () => {
  const options = [
    { value: 'btc', label: 'Bitcoin' },
    { value: 'eth', label: 'Ethereum', disabled: true },
  ];

  it('is a labelled native select with its options, hint and error', () => {
    const ref = createRef<HTMLSelectElement>();
    render(<Select ref={ref} label="Network" options={options} hint="Pick the network" error="Required" defaultValue="btc" />);
    const select = screen.getByRole('combobox', { name: 'Network', description: 'Pick the network Required' });
    expect(ref.current).toBe(select);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('option', { name: 'Bitcoin' })).toHaveProperty('selected', true);
    expect(screen.getByRole('option', { name: 'Ethereum' })).toHaveProperty('disabled', true);
  });
});

describe('Checkbox', () => {
  it('is a checkbox named by its label, with an error', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox ref={ref} label="I accept the terms" error="Accept the terms to go on" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms', description: 'Accept the terms to go on' });
    expect(ref.current).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('toggles when its label is clicked', () => {
    render(<Checkbox label="Remember me" />);
    screen.getByText('Remember me').click();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true);
  });
});
