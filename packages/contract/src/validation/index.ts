export * from './rules';
export * from './messages';
export * from './fields';
export * from './zod';
