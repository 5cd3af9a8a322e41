export * from './types';
export * from './rules';
export * from './banks';
export * from './entries';
export * from './all-banks';
export * from './usable-banks';
