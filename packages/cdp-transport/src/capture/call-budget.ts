import type { CdpMethod, CdpParams, CdpResult } from '../connection/cdp-connection.js';
import type { CdpSession } from '../connection/cdp-session.js';
import type { CaptureTimings } from '@sightline/semantic-core';
import type { PageCallSite, PageWorld } from '../page-call/page-call.js';

/** The object group every remote object of a capture is created in (released at its end). */
export const OBJECT_GROUP = 'sightline-capture';

/**
 * One capture's spending against its limits (`DEFAULT_CAPTURE_BUDGETS` or the transport's
 * overrides): protocol calls counted, nodes and frames left, the deadline. Made per capture.
 */
export class CaptureCallBudget {
  calls = 0;
  readonly exhausted = new Set<'time' | 'nodes' | 'frames' | 'calls'>();
  nodesLeft: number;
  framesLeft: number;
  /** Issue 16: where this capture's time went (ms, summed over frames). */
  readonly timings: Required<CaptureTimings> = { worldSetup: 0, axEnable: 0, walk: 0, hitTest: 0, rank: 0, ax: 0, warmUpWait: 0 };

  constructor(
    readonly deadline: number,
    readonly callLimit: number,
    nodes: number,
    frames: number,
  ) {
    this.nodesLeft = nodes;
    this.framesLeft = frames;
  }

  get timeLeftMs(): number {
    return this.deadline - performance.now();
  }

  /** Reserve `n` calls; false (and `calls` marked exhausted) when the budget cannot cover them. */
  reserve(n: number): boolean {
    if (this.calls + n > this.callLimit) {
      this.exhausted.add('calls');
      return false;
    }
    return true;
  }

  /** Adds the time since `since` (a `performance.now()`) to a phase. */
  time(phase: keyof CaptureTimings, since: number): void {
    this.timings[phase] += performance.now() - since;
  }

  send<M extends CdpMethod>(session: CdpSession, method: M, params?: CdpParams<M>): Promise<CdpResult<M>> {
    this.calls++;
    return session.send(method, params);
  }

  /** `world` as a page-call site whose protocol commands this budget counts (remote objects in `objectGroup`). */
  site(world: PageWorld, objectGroup = OBJECT_GROUP): PageCallSite {
    return { session: world.session, contextId: world.contextId, budget: this, objectGroup };
  }
}
