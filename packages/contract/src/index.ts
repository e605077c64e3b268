export * from './errors';
export * from './common/envelope';
export * from './common/query';
export * from './common/money';
export * from './settings/enums';
export * from './settings/schemas';
export * from './content/groups';
export * from './content/schemas';
