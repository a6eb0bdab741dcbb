// The stretch worker's entry: time-stretching runs here, off the player's thread.
import { serveStretches, type StretchPort } from './stretch-worker';

serveStretches(self as unknown as StretchPort);
