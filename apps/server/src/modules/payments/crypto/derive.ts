import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * Deposit addresses derived from an account-level extended public key (BIP32): the
 * server never holds a private key, it only derives child `0/{index}` of the operator's
 * xpub. The custody side (which holds the seed) sees the same addresses.
 */

const base58check = createBase58check(sha256);

/** Version bytes of public extended keys; SLIP-132 variants are read as plain xpub/tpub. */
const XPUB_VERSION = 0x0488b21e;
const TPUB_VERSION = 0x043587cf;
const PUBLIC_VERSIONS: Record<number, number> = {
  [XPUB_VERSION]: XPUB_VERSION,
  [0x049d7cb2]: XPUB_VERSION, // ypub
  [0x04b24746]: XPUB_VERSION, // zpub
  [TPUB_VERSION]: TPUB_VERSION,
  [0x044a5262]: TPUB_VERSION, // upub
  [0x045f1cf6]: TPUB_VERSION, // vpub
};

/** Parses an extended public key (xpub/ypub/zpub or their testnet forms); throws on a private or malformed key. */
export function parseExtendedPublicKey(text: string): HDKey {
  const bytes = base58check.decode(text.trim());
  if (bytes.length !== 78) throw new Error('an extended key has 78 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const normalized = PUBLIC_VERSIONS[view.getUint32(0)];
  if (normalized === undefined) throw new Error('not an extended public key');
  const copy = Uint8Array.from(bytes);
  new DataView(copy.buffer).setUint32(0, normalized);
  const key = HDKey.fromExtendedKey(base58check.encode(copy), {
    private: 0x0488ade4,
    public: normalized,
  });
  if (key.privateKey) throw new Error('not an extended public key');
  return key;
}

/** The compressed public key of the external chain's child `0/{index}`. */
export function childPublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new Error('bad derivation index');
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return child.publicKey;
}

export type BitcoinNetwork = 'mainnet' | 'testnet';

/** Native segwit v0 (P2WPKH, BIP84): bech32 of HASH160(pubkey); `bc1…` or `tb1…`. */
export function p2wpkhAddress(compressedPublicKey: Uint8Array, network: BitcoinNetwork): string {
  const program = ripemd160(sha256(compressedPublicKey));
  const words = [0, ...bech32.toWords(program)];
  return bech32.encode(network === 'mainnet' ? 'bc' : 'tb', words);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** EIP-55 mixed-case checksum of a 20-byte hex address (with or without 0x). */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error('not a 20-byte hex address');
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** Ethereum address: the last 20 bytes of keccak-256 of the uncompressed key (without its 0x04 prefix). */
export function ethereumAddress(compressedPublicKey: Uint8Array): string {
  return toChecksumAddress(hex(keccak_256(uncompressedXY(compressedPublicKey)).subarray(12)));
}

/** secp256k1's field prime; p ≡ 3 (mod 4), so a square root is a single power. */
const FIELD_P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The 64 bytes X‖Y of a compressed secp256k1 point (y² = x³ + 7, y's parity from the prefix). */
function uncompressedXY(compressed: Uint8Array): Uint8Array {
  const prefix = compressed[0];
  if (compressed.length !== 33 || (prefix !== 2 && prefix !== 3)) throw new Error('not a compressed public key');
  const x = BigInt(`0x${hex(compressed.subarray(1))}`);
  const ySquared = (powMod(x, 3n, FIELD_P) + 7n) % FIELD_P;
  let y = powMod(ySquared, (FIELD_P + 1n) / 4n, FIELD_P);
  if ((y * y) % FIELD_P !== ySquared) throw new Error('not a point of the curve');
  if (Number(y & 1n) !== (prefix & 1)) y = FIELD_P - y;
  const out = new Uint8Array(64);
  out.set(compressed.subarray(1), 0);
  const yHex = y.toString(16).padStart(64, '0');
  for (let i = 0; i < 32; i++) out[32 + i] = Number.parseInt(yHex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
