// The stretch worker's real code in a Node worker thread, for bench/stretch.ts.
import { parentPort } from 'node:worker_threads';
import { serveStretches, type StretchPort } from '../lib/player/stretch-worker';

serveStretches(parentPort as unknown as StretchPort);
