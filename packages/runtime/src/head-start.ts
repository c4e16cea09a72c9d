/**
 * `@sightline/runtime/head-start` (issue 16): start the managed Chromium a command is about to ask
 * for before the Driver loads, and hand it to `createDefaultDriver({ headStart })`. This entry loads
 * only the launcher (no CDP client, no contract), so Chromium's start-up overlaps the rest of the
 * import. The CLI's one-shot `sightline snapshot <url>` uses it.
 */
export { startHeadStart, type HeadStart } from '@sightline/cdp-transport/launch';
