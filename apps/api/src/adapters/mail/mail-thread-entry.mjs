// The mail thread starts here. A worker does not reliably inherit the TypeScript loader of the
// thread that made it (Vitest's, for one, stays behind), so this plain module registers tsx itself
// before loading the TypeScript thread.
import { register } from 'tsx/esm/api';

register();
await import('./mail-thread.ts');
