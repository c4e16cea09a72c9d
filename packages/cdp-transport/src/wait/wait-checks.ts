import { SightlineError, TransportError, urlMatches, type NodeAddress, type WaitCondition } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { OpaqueKeys } from '../frame-keys.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import { CaptureCallBudget } from '../capture/call-budget.js';
import { callCollector } from '../capture/collector-calls.js';
import type { RefWaitState } from './ref-wait-state.js';

/** Quiet time that makes a tab network-idle (SPEC §12). */
export const NETWORK_IDLE_MS = 500;

export interface WaitContext {
  tab: CdpTab;
  /** The browser-level session (for `Target.getTargetInfo`). */
  root: CdpSession;
  frameKeys: OpaqueKeys;
  documentKeys: OpaqueKeys;
}

/** One look at the condition: met now, not yet, or `never` (a ref's node is gone, so it cannot become visible/enabled/checked). */
export type CheckResult = 'met' | 'not_yet' | 'never';

export async function checkCondition(context: WaitContext, condition: WaitCondition): Promise<CheckResult> {
  switch (condition.kind) {
    case 'text': {
      const found = await textInFrames(context.tab, condition.text);
      return found === true ? 'met' : 'not_yet';
    }
    case 'text_gone': {
      // A frame that could not answer (mid-navigation) might still show the text: not yet.
      const found = await textInFrames(context.tab, condition.text);
      return found === false ? 'met' : 'not_yet';
    }
    case 'url': {
      const { targetInfo } = await context.root.send('Target.getTargetInfo', { targetId: context.tab.targetId });
      return urlMatches(condition.pattern, targetInfo.url) ? 'met' : 'not_yet';
    }
    case 'load_state': {
      const loaded = await mainDocumentLoaded(context.tab);
      if (condition.state === 'load') return loaded ? 'met' : 'not_yet';
      if (!loaded) return 'not_yet';
      await context.tab.refreshFrames();
      return context.tab.network.quietForMs([...context.tab.frames.values()]) >= NETWORK_IDLE_MS ? 'met' : 'not_yet';
    }
    case 'ref':
      return refCheck(context, condition.node, condition.state);
    default:
      return unknownCondition(condition);
  }
}

function unknownCondition(condition: never): never {
  throw new SightlineError('browser_invalid_request', `unknown wait condition ${(condition as { kind?: string }).kind ?? ''}`);
}

const budget = (): CaptureCallBudget => new CaptureCallBudget(performance.now() + 5_000, 1_000, 0, 0);

/** true: some frame shows the text; false: every frame answered and none does; null: a frame could not answer. */
async function textInFrames(tab: CdpTab, text: string): Promise<boolean | null> {
  await tab.refreshFrames();
  const answers = await Promise.all(
    [...tab.frames.keys()].map(async (frameId) => {
      try {
        return await callCollector<boolean>(await tab.world(frameId), budget(), 'waitText', [text]);
      } catch (error) {
        if (!isPassing(error)) throw error;
        tab.forgetWorld(frameId);
        return null;
      }
    }),
  );
  if (answers.includes(true)) return true;
  return answers.includes(null) ? null : false;
}

async function mainDocumentLoaded(tab: CdpTab): Promise<boolean> {
  try {
    return await callCollector<boolean>(await tab.world(tab.mainFrameId), budget(), 'waitLoaded', []);
  } catch (error) {
    if (!isPassing(error)) throw error;
    tab.forgetWorld(tab.mainFrameId);
    return false;
  }
}

async function refCheck(context: WaitContext, node: NodeAddress, wanted: 'visible' | 'hidden' | 'enabled' | 'checked' | 'gone'): Promise<CheckResult> {
  const state = await refState(context, node);
  if (state === null) return 'not_yet';
  if (state === 'gone') return wanted === 'gone' || wanted === 'hidden' ? 'met' : 'never';
  if (wanted === 'gone') return 'not_yet';
  const met = wanted === 'hidden' ? !state.visible : state[wanted];
  return met ? 'met' : 'not_yet';
}

/** The node's state; `gone` when its frame or document is gone or it is detached; null when the frame could not answer now. */
async function refState(context: WaitContext, node: NodeAddress): Promise<RefWaitState | null> {
  const { tab } = context;
  await tab.refreshFrames();
  const frameId = context.frameKeys.raw(node.frame);
  const frame = frameId ? tab.frames.get(frameId) : undefined;
  if (!frameId || !frame) return 'gone';
  if (context.documentKeys.raw(node.documentKey) !== frame.loaderId) return 'gone';
  const handle = Number(node.handle);
  if (!Number.isInteger(handle)) return 'gone';
  try {
    const world = await tab.world(frameId);
    if (world.loaderId !== frame.loaderId) return 'gone';
    return await callCollector<RefWaitState>(world, budget(), 'waitRef', [handle]);
  } catch (error) {
    if (!isPassing(error)) throw error;
    tab.forgetWorld(frameId);
    return null;
  }
}

/**
 * Failures that pass with the moment (a frame navigating or detaching under the call: its context
 * or session is gone): the next poll looks again. A refusal or a closed connection is not one.
 */
function isPassing(error: unknown): boolean {
  if (SightlineError.isInstance(error)) return false;
  if (!TransportError.isInstance(error)) return false;
  return error.failure === 'protocol_error' || error.failure === 'target_closed';
}
