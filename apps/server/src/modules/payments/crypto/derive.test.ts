import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { childPublicKey, ethereumAddress, p2wpkhAddress, parseExtendedPublicKey, toChecksumAddress } from './derive';
import { TEST_XPUBS } from './networks';

// The public BIP39 test mnemonic: its keys are known to everyone and hold nothing.
const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seedOf = (mnemonic: string) => pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');

describe('crypto address derivation', () => {
  it('matches the BIP84 test vector (zpub of account 0, m/84h/0h/0h/0/0 and /0/1)', () => {
    const account = parseExtendedPublicKey(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    expect(p2wpkhAddress(childPublicKey(account, 0), 'mainnet')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(p2wpkhAddress(childPublicKey(account, 1), 'mainnet')).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the well-known first Ethereum address of the test mnemonic (m/44h/60h/0h/0/0)', () => {
    const account = HDKey.fromMasterSeed(seedOf(TEST_MNEMONIC)).derive("m/44'/60'/0'");
    const xpub = parseExtendedPublicKey(account.publicExtendedKey);
    expect(ethereumAddress(childPublicKey(xpub, 0))).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('the default test keys are the test mnemonic’s account keys', () => {
    const root = HDKey.fromMasterSeed(seedOf(TEST_MNEMONIC));
    expect(TEST_XPUBS.btc).toBe(root.derive("m/84'/0'/0'").publicExtendedKey);
    expect(TEST_XPUBS.eth).toBe(root.derive("m/44'/60'/0'").publicExtendedKey);
  });

  it('applies the EIP-55 checksum (the EIP’s own vectors)', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('refuses private and malformed extended keys', () => {
    const root = HDKey.fromMasterSeed(seedOf(TEST_MNEMONIC));
    expect(() => parseExtendedPublicKey(root.privateExtendedKey)).toThrow();
    expect(() => parseExtendedPublicKey('xpub123')).toThrow();
  });
});
