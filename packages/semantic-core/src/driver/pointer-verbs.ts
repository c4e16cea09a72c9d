import type { CapabilityStore } from '../capabilities/capability-store.js';
import type { ClickRequest, DragRequest, HoverRequest, TypeRequest, UploadRequest } from '../contract/requests.js';
import type { ActionResponse } from '../contract/responses.js';
import type { PageAction } from '../ports/browser-transport.js';
import { refuse } from '../errors/sightline-error.js';
import { deliverToRef } from './action-delivery.js';
import type { CallOptions } from './call-options.js';

/**
 * SPEC §12 pointer and keyboard verbs on a ref, all through `deliverToRef` (kinds checked before
 * anything is sent, binding/tab/node re-proven at delivery). The request's `signal` (the caller's
 * cancellation, issue 17) goes with it as the address's.
 */

/** A click, with the SPEC §12 variants only when asked for (a plain click stays `{kind, node}`). */
export function clickRef(store: CapabilityStore, request: ClickRequest & CallOptions): Promise<ActionResponse> {
  return deliverToRef(store, request, request.ref, 'click', (node) => {
    const action: Extract<PageAction, { kind: 'click' }> = { kind: 'click', node };
    if (request.button !== undefined && request.button !== 'left') action.button = request.button;
    if (request.double === true) action.double = true;
    if (request.modifiers !== undefined && request.modifiers.length > 0) action.modifiers = [...request.modifiers];
    return action;
  });
}

/** Typing; `keystrokes: true` is `mode: "keystrokes"`, and the two may not disagree. */
export function typeRef(store: CapabilityStore, request: TypeRequest & CallOptions): Promise<ActionResponse> {
  let mode = request.mode ?? 'insert_text';
  if (request.keystrokes !== undefined) {
    const wanted = request.keystrokes ? 'keystrokes' : 'insert_text';
    if (request.mode !== undefined && request.mode !== wanted) {
      refuse('browser_invalid_request', `Invalid request: field "keystrokes": keystrokes ${String(request.keystrokes)} contradicts mode "${request.mode}"; give one of them`, {
        field: 'keystrokes',
        problem: 'contradicts mode',
      });
    }
    mode = wanted;
  }
  return deliverToRef(store, request, request.ref, 'type', (node) => ({
    kind: 'type',
    node,
    text: request.text,
    replace: request.replace ?? false,
    submit: request.submit ?? false,
    mode,
  }));
}

/** Hover is listed where it is meaningful (links, menu items), but anything clickable can be pointed at. */
export function hoverRef(store: CapabilityStore, request: HoverRequest & CallOptions): Promise<ActionResponse> {
  return deliverToRef(store, request, request.ref, 'hover', (node) => ({ kind: 'hover', node }), ['click']);
}

/** The dragged ref needs `drag`; `to_ref` is any current action or content ref of the tab. */
export function dragRef(store: CapabilityStore, request: DragRequest & CallOptions): Promise<ActionResponse> {
  return deliverToRef(
    store,
    request,
    request.ref,
    'drag',
    (node, to) => ({ kind: 'drag', node, to: to! }),
    [],
    { field: 'to_ref', ref: request.to_ref },
  );
}

/**
 * A file input (`upload`) directly; a clickable control through the file chooser its click opens.
 * Whether each path is an existing regular file is the transport's check (semantic-core does no I/O).
 */
export function uploadRef(store: CapabilityStore, request: UploadRequest & CallOptions): Promise<ActionResponse> {
  return deliverToRef(store, request, request.ref, 'upload', (node) => ({ kind: 'upload', node, paths: [...request.paths] }), ['click']);
}
