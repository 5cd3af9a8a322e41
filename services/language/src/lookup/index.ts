export * from './fuzzy-lookup';
export * from './term-lookup';
export * from './tm-port';
export * from './exact-lookup';
export * from './termbase-entries';
export * from './concordance';
