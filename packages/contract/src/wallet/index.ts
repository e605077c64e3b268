export * from './money';
export * from './schemas';
