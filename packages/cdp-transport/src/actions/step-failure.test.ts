import { describe, expect, it } from 'vitest';
import { SightlineError, TransportError } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import { asStepRefusal, markDeliveryError } from './step-failure.js';

const tab = (detached = false) => ({ session: { detached } }) as unknown as CdpTab;

describe('asStepRefusal', () => {
  it('turns a protocol error of a preparing step into browser_action_unavailable with advice', () => {
    const error = new TransportError('protocol_error', 'DOM.getNodeForLocation: No node found at given location', 'DOM.getNodeForLocation');
    const refusal = asStepRefusal(error, 'click', tab());
    expect(SightlineError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'browser_action_unavailable', detail: { reason: 'step_failed', step: 'DOM.getNodeForLocation' } });
    expect((refusal as Error).message).toMatch(/take a new snapshot/);
  });

  it('a node without a layout object is refused as having no box', () => {
    const error = new TransportError('protocol_error', 'DOM.scrollIntoViewIfNeeded: Node does not have a layout object', 'DOM.scrollIntoViewIfNeeded');
    const refusal = asStepRefusal(error, 'click', tab());
    expect(refusal).toMatchObject({ code: 'browser_action_unavailable', detail: { reason: 'no_box', step: 'DOM.scrollIntoViewIfNeeded' } });
    expect((refusal as Error).message).toMatch(/take a new snapshot/i);
  });

  it('a replaced document is browser_ref_stale', () => {
    const error = new TransportError('protocol_error', 'Runtime.callFunctionOn: Cannot find context with specified id', 'Runtime.callFunctionOn');
    expect(asStepRefusal(error, 'type', tab())).toMatchObject({ code: 'browser_ref_stale' });
  });

  it('keeps genuine transport failures, failures during delivery and a detached tab as they are', () => {
    for (const failure of ['timeout', 'target_closed', 'connection_closed'] as const) {
      const error = new TransportError(failure, 'x', 'DOM.getNodeForLocation');
      expect(asStepRefusal(error, 'click', tab())).toBe(error);
    }
    const during = new TransportError('protocol_error', 'Input.dispatchMouseEvent: oops', 'Input.dispatchMouseEvent');
    markDeliveryError(during);
    expect(asStepRefusal(during, 'click', tab())).toBe(during);
    const onDetached = new TransportError('protocol_error', 'DOM.getNodeForLocation: No node found at given location', 'DOM.getNodeForLocation');
    expect(asStepRefusal(onDetached, 'click', tab(true))).toBe(onDetached);
    const other = new Error('not ours');
    expect(asStepRefusal(other, 'click', tab())).toBe(other);
  });
});
