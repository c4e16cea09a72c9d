import type { CdpSession } from '../connection/cdp-session.js';

/**
 * SPEC §12 `browser_tabs new`: a new page target created in the background
 * (`Target.createTarget {background: true}`; never `Page.bringToFront` or `Target.activateTarget`),
 * so the user's selected tab stays selected and visible. Answers the target id.
 */
export async function createBackgroundTab(root: CdpSession): Promise<string> {
  const { targetId } = await root.send('Target.createTarget', { url: 'about:blank', background: true });
  return targetId;
}
