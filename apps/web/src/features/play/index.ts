/**
 * The game frame (its own entry, `play.html`) and the round verifier. The verifier page
 * (`./verifier/VerifierPage`) is a lazy route entry that the router loads directly; this
 * index holds what other features reuse.
 */
export { roundVerifierForm, verifierSearch } from './verifier/query';
