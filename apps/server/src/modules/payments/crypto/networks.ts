import type { HDKey } from '@scure/bip32';
import { childPublicKey, ethereumAddress, p2wpkhAddress, parseExtendedPublicKey, type BitcoinNetwork } from './derive';

/**
 * The chains we take deposits on. A network is what an address belongs to: ERC-20 tokens
 * (USDT, USDC) share the Ethereum network, so a player has one Ethereum address for all of
 * them. The option ids are what the deposit form sends as `crypto_network`.
 */
export const CRYPTO_NETWORKS = ['btc', 'eth'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/**
 * Account-level public keys of the public BIP39 test mnemonic "abandon × 11, about"
 * (BIP84 m/84'/0'/0' and BIP44 m/44'/60'/0'), used outside production when no key is
 * configured. Everyone knows their private keys: never send real funds to them.
 */
export const TEST_XPUBS: Record<CryptoNetwork, string> = {
  btc: 'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
};

/** Which network carries each currency's deposits. */
export const NETWORK_OF_CURRENCY: Readonly<Record<string, CryptoNetwork>> = {
  BTC: 'btc',
  ETH: 'eth',
  USDT: 'eth',
  USDC: 'eth',
};

/** Wallet-address patterns (offered to clients with the network option). */
export const ADDRESS_PATTERNS: Record<CryptoNetwork, string> = {
  btc: '^(bc1|tb1)[02-9ac-hj-np-z]{39,59}$',
  eth: '^0x[0-9a-fA-F]{40}$',
};

export interface CryptoKeysConfig {
  xpubs: Partial<Record<CryptoNetwork, string>>;
  bitcoinNetwork: BitcoinNetwork;
}

export interface AddressDeriver {
  networks(): CryptoNetwork[];
  /** The deposit address of child `0/{index}` on a network, and its destination tag (none on these chains). */
  derive(network: CryptoNetwork, index: number): { address: string; tag: string | null };
}

/** Parses the configured keys once (a bad key fails at start, not at the first deposit). */
export function createAddressDeriver(config: CryptoKeysConfig): AddressDeriver {
  const keys = new Map<CryptoNetwork, HDKey>();
  for (const network of CRYPTO_NETWORKS) {
    const text = config.xpubs[network];
    if (text) keys.set(network, parseExtendedPublicKey(text));
  }
  return {
    networks: () => [...keys.keys()],
    derive(network, index) {
      const key = keys.get(network);
      if (!key) throw new Error(`no extended public key configured for ${network}`);
      const publicKey = childPublicKey(key, index);
      const address = network === 'btc' ? p2wpkhAddress(publicKey, config.bitcoinNetwork) : ethereumAddress(publicKey);
      return { address, tag: null };
    },
  };
}
