import type { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2.js';
import { isValidXrpAddress, xrpAddressOf } from './addresses';
import { childPublicKey, ethereumAddress, p2wpkhAddress, parseExtendedPublicKey, type BitcoinNetwork } from './derive';

/**
 * The chains we take deposits on. A network is what an address belongs to: ERC-20 tokens
 * (USDT, USDC) share the Ethereum network, so a player has one Ethereum address for all of
 * them. The option ids are what the deposit form sends as `crypto_network`.
 */
export const CRYPTO_NETWORKS = ['btc', 'eth', 'xrp'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** Networks whose deposits go to one shared operator address; a destination tag tells players apart. */
export const SHARED_ADDRESS_NETWORKS = ['xrp'] as const;
export type SharedAddressNetwork = (typeof SHARED_ADDRESS_NETWORKS)[number];
export type DerivedNetwork = Exclude<CryptoNetwork, SharedAddressNetwork>;

export function isSharedAddressNetwork(network: CryptoNetwork): network is SharedAddressNetwork {
  return (SHARED_ADDRESS_NETWORKS as readonly string[]).includes(network);
}

/**
 * Destination tags start here (tag = base + allocation index): short tags such as 1 or 7
 * are what a player mistypes, and exchanges expect several digits.
 */
export const DESTINATION_TAG_BASE = 100_000;

/**
 * The shared XRP address used outside production when none is configured: the account id
 * is SHA-256("croupier-sandbox-xrp")[0..20), so nobody holds its key. Never send real funds.
 */
export const TEST_XRP_ADDRESS = xrpAddressOf(sha256(new TextEncoder().encode('croupier-sandbox-xrp')).subarray(0, 20));

/**
 * Account-level public keys of the public BIP39 test mnemonic "abandon × 11, about"
 * (BIP84 m/84'/0'/0' and BIP44 m/44'/60'/0'), used outside production when no key is
 * configured. Everyone knows their private keys: never send real funds to them.
 */
export const TEST_XPUBS: Record<DerivedNetwork, string> = {
  btc: 'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
};

/** Which network carries each currency's deposits. */
export const NETWORK_OF_CURRENCY: Readonly<Record<string, CryptoNetwork>> = {
  BTC: 'btc',
  ETH: 'eth',
  USDT: 'eth',
  USDC: 'eth',
  XRP: 'xrp',
};

export const NETWORK_NAMES: Readonly<Record<CryptoNetwork, string>> = {
  btc: 'Bitcoin',
  eth: 'Ethereum (ERC-20)',
  xrp: 'XRP Ledger',
};

/** Wallet-address patterns (offered to clients with the network option). */
export const ADDRESS_PATTERNS: Record<CryptoNetwork, string> = {
  btc: '^(bc1|tb1)[02-9ac-hj-np-z]{39,59}$',
  eth: '^0x[0-9a-fA-F]{40}$',
  xrp: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
};

export interface CryptoKeysConfig {
  xpubs: Partial<Record<DerivedNetwork, string>>;
  /** The operator's receiving address on shared-address networks (checked at start). */
  sharedAddresses: Partial<Record<SharedAddressNetwork, string>>;
  bitcoinNetwork: BitcoinNetwork;
}

export interface AddressDeriver {
  networks(): CryptoNetwork[];
  /**
   * The deposit address of allocation `index` on a network: child `0/{index}` of the
   * network's key without a tag, or the shared address with tag base + index.
   */
  derive(network: CryptoNetwork, index: number): { address: string; tag: string | null };
}

/** Parses the configured keys once (a bad key or address fails at start, not at the first deposit). */
export function createAddressDeriver(config: CryptoKeysConfig): AddressDeriver {
  const keys = new Map<DerivedNetwork, HDKey>();
  for (const network of ['btc', 'eth'] as const) {
    const text = config.xpubs[network];
    if (text) keys.set(network, parseExtendedPublicKey(text));
  }
  const shared = new Map<SharedAddressNetwork, string>();
  for (const network of SHARED_ADDRESS_NETWORKS) {
    const address = config.sharedAddresses[network]?.trim();
    if (!address) continue;
    if (!isValidXrpAddress(address)) throw new Error(`the ${network} receiving address is not a valid classic address`);
    shared.set(network, address);
  }
  return {
    networks: () => [...keys.keys(), ...shared.keys()],
    derive(network, index) {
      if (isSharedAddressNetwork(network)) {
        const address = shared.get(network);
        if (!address) throw new Error(`no receiving address configured for ${network}`);
        const tag = DESTINATION_TAG_BASE + index;
        if (tag > 0xffff_ffff) throw new Error(`destination tags of ${network} are exhausted`);
        return { address, tag: String(tag) };
      }
      const key = keys.get(network);
      if (!key) throw new Error(`no extended public key configured for ${network}`);
      const publicKey = childPublicKey(key, index);
      const address = network === 'btc' ? p2wpkhAddress(publicKey, config.bitcoinNetwork) : ethereumAddress(publicKey);
      return { address, tag: null };
    },
  };
}
