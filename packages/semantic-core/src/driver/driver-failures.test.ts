import { describe, expect, it } from 'vitest';
import { refusalResponseSchema, transportErrorResponseSchema } from '../contract/responses.js';
import { SightlineError } from '../errors/sightline-error.js';
import { TransportError } from '../errors/transport-error.js';
import { invalidRequest, refusalResponse, toFailure, transportErrorResponse } from './driver-failures.js';

describe('the one home of refusal and error bodies (SPEC §7)', () => {
  it('builds contract bodies; an absent detail is left out', () => {
    const plain = refusalResponse('browser_tab_required', 'open a tab');
    expect(plain).toEqual({ status: 'refused', refusal: { code: 'browser_tab_required', message: 'open a tab' } });
    expect(refusalResponseSchema.parse(plain)).toEqual(plain);
    const detailed = refusalResponse('browser_tab_not_found', 'no such tab', { field: 'tab_id' });
    expect(detailed.refusal.detail).toEqual({ field: 'tab_id' });
    const error = transportErrorResponse('socket closed');
    expect(transportErrorResponseSchema.parse(error)).toEqual({ status: 'error', error: { code: 'browser_transport_error', message: 'socket closed' } });
  });

  it('turns anything thrown into a body, with no stack and no page text', () => {
    expect(toFailure(new SightlineError('browser_ref_stale', 'take a new snapshot', { field: 'ref' }))).toEqual(
      refusalResponse('browser_ref_stale', 'take a new snapshot', { field: 'ref' }),
    );
    const wire = toFailure(new TransportError('connection_closed', 'WebSocket closed'));
    expect(wire.status).toBe('error');
    expect(JSON.stringify(wire)).toContain('Bind again');
    const odd = toFailure(new RangeError('secret page text'));
    expect(JSON.stringify(odd)).not.toContain('secret page text');
    expect(invalidRequest('url', 'not a URL').refusal).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'url', problem: 'not a URL' } });
  });
});
