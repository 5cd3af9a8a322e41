export * from './scan-deps';
export { checkScanPair, createScan, publishScan, type ScanForm, type ScanOwner } from './scan-create';
export { cleanCandidates, consumeScanResults, failScan, onScanResult } from './scan-results';
export { latestScan, queryScan, updateCandidate } from './scan-queries';
export { addScanToTermbase } from './scan-termbase';
export { deleteScanOf, sweepExpiredScans } from './scan-retention';
export { recoverScans } from './scan-recovery';
