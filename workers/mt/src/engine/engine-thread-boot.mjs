// The engine thread's entry: tsx's loader is registered here, inside the thread, because Node 20
// does not apply a parent's `--import tsx` hooks to a worker's first module.
import { register } from 'tsx/esm/api';

register();
await import('./engine-thread-entry.ts');
