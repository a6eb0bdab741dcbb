// The join worker's entry: a download's parts are joined here, off the player's thread, and the
// mp3 codec is loaded with this script only (lib/audio/joined-file.ts starts it for one join).
import { serveJoins, type JoinPort } from './join-worker';

serveJoins(self as unknown as JoinPort);
