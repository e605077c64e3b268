import { describe, expect, it } from 'vitest';
import {
  isValidBitcoinAddress,
  isValidDestinationTag,
  isValidEthereumAddress,
  isValidXrpAddress,
  xrpAddressOf,
} from './addresses';
import { TEST_XRP_ADDRESS } from './networks';

describe('payout address checksums', () => {
  it('accepts the BIP173/BIP350 vectors of its network and refuses typos, mixed case and the other network', () => {
    expect(isValidBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet')).toBe(true);
    expect(isValidBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet')).toBe(true);
    expect(isValidBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet')).toBe(true);
    expect(isValidBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet')).toBe(
      true,
    );
    expect(isValidBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'mainnet')).toBe(false);
    expect(isValidBitcoinAddress('bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet')).toBe(false);
    expect(isValidBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'mainnet')).toBe(false);
    // a version-1 program checksummed with bech32 instead of bech32m (BIP350 invalid vector)
    expect(isValidBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'mainnet')).toBe(
      false,
    );
  });

  it('checks the EIP-55 checksum of mixed-case Ethereum addresses only', () => {
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
  });

  it('decodes XRP classic addresses with their double-SHA-256 checksum', () => {
    expect(isValidXrpAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(true);
    expect(isValidXrpAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toBe(false);
    expect(xrpAddressOf(new Uint8Array(20))).toBe('rrrrrrrrrrrrrrrrrrrrrhoLvTp');
    expect(isValidXrpAddress(TEST_XRP_ADDRESS)).toBe(true);
    expect(() => xrpAddressOf(new Uint8Array(19))).toThrow();
  });

  it('takes destination tags as unsigned 32-bit decimals', () => {
    expect(isValidDestinationTag('0')).toBe(true);
    expect(isValidDestinationTag('4294967295')).toBe(true);
    expect(isValidDestinationTag('4294967296')).toBe(false);
    expect(isValidDestinationTag('0012')).toBe(false);
    expect(isValidDestinationTag('-1')).toBe(false);
  });
});
