import { createSecretBox } from './secretBox';

describe('secretBox', () => {
  const box = createSecretBox('k'.repeat(32));

  it('opens what it sealed; the sealed text does not contain the secret and differs each time', () => {
    const a = box.seal('whsec_abc');
    const b = box.seal('whsec_abc');
    expect(a).not.toContain('whsec_abc');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a)).toBe('whsec_abc');
  });

  it('refuses a value sealed under another key or tampered with', () => {
    const sealed = box.seal('whsec_abc');
    expect(() => createSecretBox('x'.repeat(32)).open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => box.open(flipped)).toThrow();
    expect(() => box.open('whsec_plain')).toThrow('not a sealed value');
  });

  it('seals bytes: round trip, fresh iv each time, tampering and another key refused', () => {
    const plain = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);
    const a = box.sealBytes(plain);
    expect(box.openBytes(a).equals(plain)).toBe(true);
    expect(a.equals(box.sealBytes(plain))).toBe(false);
    expect(a.includes(plain)).toBe(false);
    const flipped = Buffer.from(a);
    flipped[flipped.length - 1] ^= 1;
    expect(() => box.openBytes(flipped)).toThrow();
    expect(() => createSecretBox('x'.repeat(32)).openBytes(a)).toThrow();
    expect(() => box.openBytes(plain)).toThrow('not sealed bytes');
  });

  it('binds sealed bytes to their context: a chunk moved to another document or position does not open', () => {
    const plain = Buffer.from('chunk of a document');
    const sealed = box.sealBytes(plain, 'kyc-doc:7:0');
    expect(box.openBytes(sealed, 'kyc-doc:7:0').equals(plain)).toBe(true);
    expect(() => box.openBytes(sealed, 'kyc-doc:7:1')).toThrow();
    expect(() => box.openBytes(sealed, 'kyc-doc:8:0')).toThrow();
    expect(() => box.openBytes(sealed)).toThrow();
  });

  it('needs a key of at least 32 characters', () => {
    expect(() => createSecretBox('short')).toThrow();
  });
});
