// Entry of a fuzz worker thread (run.ts): registers tsx (Node 20 ignores `--import tsx` in a
// Worker's execArgv), then runs worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
