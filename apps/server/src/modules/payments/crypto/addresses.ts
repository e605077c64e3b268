import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp, bech32, bech32m } from '@scure/base';
import { toChecksumAddress, type BitcoinNetwork } from './derive';

/**
 * Payout address checks beyond the pattern of the method field: the checksum each chain
 * builds into its addresses. A typo that still matches the pattern would send the
 * player's money into the void; these catch it before the withdrawal is accepted.
 */

/**
 * Native segwit (BIP173/BIP350): bech32 for witness version 0 (20- or 32-byte programs),
 * bech32m for versions 1–16; the prefix must be the configured network's.
 */
export function isValidBitcoinAddress(address: string, network: BitcoinNetwork): boolean {
  const text = address.trim();
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const hrp = network === 'mainnet' ? 'bc' : 'tb';
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const [version, ...rest] = decoded.words;
    if (version === undefined || version > 16) return false;
    // Version 0 is checksummed with bech32, later versions with bech32m (BIP350).
    if ((version === 0) !== (codec === bech32)) continue;
    const program = codec.fromWordsUnsafe(rest);
    if (!program || program.length < 2 || program.length > 40) return false;
    if (version === 0) return program.length === 20 || program.length === 32;
    return true;
  }
  return false;
}

/** 20 hex bytes; a mixed-case address must carry a correct EIP-55 checksum (all-lower or all-upper has none). */
export function isValidEthereumAddress(address: string): boolean {
  const text = address.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(text) === text;
}

const doubleSha256 = (bytes: Uint8Array) => sha256(sha256(bytes));

/** XRP Ledger classic address: Ripple base58 of version 0x00, a 20-byte account id and a 4-byte double-SHA-256 checksum. */
export function isValidXrpAddress(address: string): boolean {
  const text = address.trim();
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(text);
  } catch {
    return false;
  }
  if (bytes.length !== 25 || bytes[0] !== 0) return false;
  const checksum = doubleSha256(bytes.subarray(0, 21)).subarray(0, 4);
  return checksum.every((byte, i) => byte === bytes[21 + i]);
}

/** The classic address of a 20-byte account id (tests and the sandbox's default shared address). */
export function xrpAddressOf(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('an XRP account id has 20 bytes');
  const payload = new Uint8Array(21);
  payload.set(accountId, 1);
  const checksum = doubleSha256(payload).subarray(0, 4);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksum, 21);
  return base58xrp.encode(full);
}

/** A destination tag: an unsigned 32-bit integer written in decimal without leading zeros. */
export function isValidDestinationTag(tag: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(tag) && Number(tag) <= 0xffff_ffff;
}
