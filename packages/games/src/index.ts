/**
 * @croupier/games: the provably fair maths of Croupier's own games, pure TypeScript shared
 * by the server (play, recall), the game UIs and the in-browser verifier. No I/O and no
 * Node-only API: randomness for new seeds is passed in by the caller.
 */
export * from './result';
export * from './money';
export { sha256Hex, hmacSha256, bytesToHex, hexToBytes } from './fair/hash';
export { BLOCK_BYTES, FairRng, FixedBytes, RandomSource, bytesOfFloats, roundBlock, selectDistinct } from './fair/rng';
export * from './fair/seeds';
export * from './games/dice';
export * from './games/limbo';
export { MULTIPLIER_DRAW, multiplierFromUint32, multiplierTargetRtp } from './games/multiplier';
export * from './games/mines';
export * from './games/plinko';
export * from './games/roulette';
export * from './games/slot';
export * from './games/crash';
export * from './replay';
export * from './games/wheel';
