/** What the server tells every visitor at boot and on demand: locales, player init, currencies, countries. */
export * from './api';
