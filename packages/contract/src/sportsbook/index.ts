export * from './odds';
export * from './schemas';
export * from './endpoints';
