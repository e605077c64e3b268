export * from './channels';
export * from './protocol';
export * from './entities';
export * from './events';
export * from './endpoints';
