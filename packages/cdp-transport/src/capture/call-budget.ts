import type { CdpMethod, CdpParams, CdpResult } from '../connection/cdp-connection.js';
import type { CdpSession } from '../connection/cdp-session.js';

/**
 * One capture's spending against its limits (`DEFAULT_CAPTURE_BUDGETS` or the transport's
 * overrides): protocol calls counted, nodes and frames left, the deadline. Made per capture.
 */
export class CaptureCallBudget {
  calls = 0;
  readonly exhausted = new Set<'time' | 'nodes' | 'frames' | 'calls'>();
  nodesLeft: number;
  framesLeft: number;

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

  send<M extends CdpMethod>(session: CdpSession, method: M, params?: CdpParams<M>): Promise<CdpResult<M>> {
    this.calls++;
    return session.send(method, params);
  }
}
