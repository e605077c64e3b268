export * from './money';
export * from './schemas';
export * from './endpoints';
