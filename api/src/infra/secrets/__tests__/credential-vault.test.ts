import { describe, expect, it } from 'vitest';
import { CredentialVault } from '../credential-vault.js';

const key = (fill: number) => Buffer.alloc(32, fill);
const vault = (active: string, ...ids: [string, number][]) =>
  new CredentialVault({
    CREDENTIALS_KEYS: ids.map(([id, fill]) => ({ id, key: key(fill) })),
    CREDENTIALS_ACTIVE_KEY_ID: active,
  });

describe('CredentialVault', () => {
  const connectionId = 'connection-aaaaaaaaaaaaaaaaaaaaa';
  const secret = { accessToken: 'access-sandbox-1234' };

  it('seals under the active key and opens what it sealed, without the token in the bytes', () => {
    const sealed = vault('k1', ['k1', 1]).seal(connectionId, secret);
    expect(sealed.keyId).toBe('k1');
    expect(Buffer.from(sealed.ciphertext).toString('latin1')).not.toContain('access-sandbox');
    expect(vault('k1', ['k1', 1]).open(connectionId, sealed)).toEqual(secret);
  });

  it('uses a fresh IV each time', () => {
    const v = vault('k1', ['k1', 1]);
    expect(Buffer.from(v.seal(connectionId, secret).ciphertext)).not.toEqual(
      Buffer.from(v.seal(connectionId, secret).ciphertext),
    );
  });

  it('opens values sealed under an older key after rotation, and says they need resealing', () => {
    const sealed = vault('old', ['old', 1]).seal(connectionId, secret);
    const rotated = vault('new', ['old', 1], ['new', 2]);
    expect(rotated.open(connectionId, sealed)).toEqual(secret);
    expect(rotated.needsResealing(sealed)).toBe(true);
    expect(rotated.needsResealing(rotated.seal(connectionId, secret))).toBe(false);
  });

  it('refuses a value whose key is gone, tampered bytes, or another connection id', () => {
    const sealed = vault('k1', ['k1', 1]).seal(connectionId, secret);
    expect(() => vault('k2', ['k2', 2]).open(connectionId, sealed)).toThrow(
      expect.objectContaining({ code: 'CREDENTIALS_KEY_MISSING' }),
    );
    const tampered = Buffer.from(sealed.ciphertext);
    tampered[tampered.length - 1]! ^= 1;
    expect(() =>
      vault('k1', ['k1', 1]).open(connectionId, { ...sealed, ciphertext: new Uint8Array(tampered) }),
    ).toThrow(expect.objectContaining({ code: 'CREDENTIALS_UNREADABLE' }));
    expect(() => vault('k1', ['k1', 1]).open('connection-bbbbbbbbbbbbbbbbbbbbb', sealed)).toThrow(
      expect.objectContaining({ code: 'CREDENTIALS_UNREADABLE' }),
    );
  });
});
