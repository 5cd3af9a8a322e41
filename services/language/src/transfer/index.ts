export * from './import-entries';
export * from './export-entries';
