export * from './odds';
export * from './schemas';
export * from './endpoints';
export * from './betting';
export * from './sandbox';
export * from './selection-names';
