import { SightlineError, type ActionOutcome } from '@sightline/semantic-core';
import type { Protocol } from 'devtools-protocol';
import type { ActionContext, ActionTarget } from './action-context.js';
import { deliverClick } from './deliver-pointer.js';
import { nextEvent } from './next-event.js';
import { observeDelivery, sitesFor } from './observed-delivery.js';
import { checkUploadPaths } from './upload-paths.js';

/** Bound on the file chooser a click should open (it opens while the click is handled). */
const CHOOSER_TIMEOUT_MS = 3000;

/**
 * SPEC §12 upload. A file input gets its files directly (`DOM.setFileInputFiles`: the page sees
 * `input` and `change`, no dialog). Any other control gets an ordinary click (hit-tested; by key on
 * a headful browser where a key activates it, see click-delivery.ts) with file choosers intercepted
 * (`Page.setInterceptFileChooserDialog`), and the chooser that click opens (`Page.fileChooserOpened`)
 * gets the files; no native dialog ever shows.
 */
export async function deliverUpload(context: ActionContext, target: ActionTarget, paths: string[]): Promise<ActionOutcome> {
  await checkUploadPaths(paths);
  const { tab } = context;
  const session = target.frame.session;
  const { node } = await session.send('DOM.describeNode', { objectId: target.objectId });
  const { sites, watchedEverything } = await sitesFor(tab, target);
  if (isFileInput(node)) {
    if (paths.length > 1 && !hasAttribute(node, 'multiple')) throw singleFile();
    return observeDelivery(tab, sites, watchedEverything, async () => {
      await session.send('DOM.setFileInputFiles', { files: paths, objectId: target.objectId });
    });
  }
  const chooser = nextEvent(session, 'Page.fileChooserOpened');
  await session.send('Page.setInterceptFileChooserDialog', { enabled: true });
  try {
    // An ordinary click (hit-tested; by key on a headful browser where a key activates the control).
    const clicked = await deliverClick(context, target);
    if (!clicked.delivered) return clicked;
    const opened = await chooser.wait(CHOOSER_TIMEOUT_MS);
    if (!opened || opened.backendNodeId === undefined) return { delivered: false, reason: 'no_file_chooser' };
    if (opened.mode === 'selectSingle' && paths.length > 1) throw singleFile();
    const chosen = await observeDelivery(tab, sites, watchedEverything, async () => {
      await session.send('DOM.setFileInputFiles', { files: paths, backendNodeId: opened.backendNodeId });
    });
    if (!chosen.delivered) return chosen;
    return { delivered: true, effect: clicked.effect === 'confirmed' ? 'confirmed' : chosen.effect, navigation: clicked.navigation || chosen.navigation };
  } finally {
    chooser.dispose();
    await session.send('Page.setInterceptFileChooserDialog', { enabled: false }).catch(() => undefined);
  }
}

function isFileInput(node: Protocol.DOM.Node): boolean {
  return node.localName === 'input' && attribute(node, 'type')?.toLowerCase() === 'file';
}

function hasAttribute(node: Protocol.DOM.Node, name: string): boolean {
  return attribute(node, name) !== undefined;
}

/** `attributes` is a flat [name, value, name, value, …] list. */
function attribute(node: Protocol.DOM.Node, name: string): string | undefined {
  const list = node.attributes ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) if (list[i]!.toLowerCase() === name) return list[i + 1];
  return undefined;
}

function singleFile(): SightlineError {
  return new SightlineError('browser_invalid_request', 'Invalid request: field "paths": this file input takes one file (no "multiple"); pass exactly one path', {
    field: 'paths',
    problem: 'single file',
  });
}
