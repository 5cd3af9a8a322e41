export * from './database';
export * from './migrations';
export * from './embedded-postgres';
export * from './bus';
export * from './storage';
export * from './office';
export * from './process-signals';
export * from './csv-cells';
