/**
 * The language service: translation memories and termbases (banks and entries). Import/export,
 * fuzzy and term matching are added beside these modules.
 */
export { languageMigrations } from './migrations';
export * from './banks/index';
export * from './transfer/index';
export * from './lookup/index';
export { listUserBanks, USER_BANKS_SHOWN } from './banks/user-banks';
export * from './error-reports/index';
