// Pure sportsbook settlement and pricing rules (docs/sportsbook.md, "Settlement rules").
export * from './resolution';
export * from './markets';
export * from './tickets';
export * from './cash-out';
export * from './slip';
export * from './liability';
export { combineOddsMilli } from '@croupier/contract';
