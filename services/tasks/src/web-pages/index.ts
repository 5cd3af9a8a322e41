export { recoverWebTasks } from './web-recovery';
export {
  checkWebUrl,
  createWebTask,
  publishWebTask,
  webOriginalKey,
  webPagePrefix,
  webResultKey,
  type WebDeps,
  type WebOwner,
} from './web-create';
export { chargeWebPage, failWebTask, onWebResult, startWebPageRuntime } from './web-results';
export { queryWebTask, webPageOf } from './web-queries';
export { sweepExpiredWebPages } from './web-retention';
