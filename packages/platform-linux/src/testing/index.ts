// `@sightline/platform-linux/testing`: support for tests that need a real X display (this
// package's own and the harness's native-window rows). Not part of the adapter.
export { TEST_X11_TIMEOUT_MS, XSession, findExecutable, isAlive, killGroup, spawnGroup, startXvfb, stopGroup, waitFor } from './x-session.js';
export { isolateAtomCache } from '../x11-connection.js';
