import { describe, expect, it } from 'vitest';
import { TransportError } from '@sightline/semantic-core';
import { runCancellable } from './cancel-scope.js';
import { checkSendScope, runInSendScope } from './send-scope.js';

/** A stand-in for a session's send: what CdpSession asks the scope before every command. */
function send(method: string, sent: string[]): void {
  const refused = checkSendScope(method);
  if (refused) throw refused;
  sent.push(method);
}

/** Work that sends `before`, waits until released, then sends `after`. */
function steppedWork(before: string[], after: string[], sent: string[]) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const work = async (): Promise<string> => {
    for (const method of before) send(method, sent);
    await gate;
    for (const method of after) send(method, sent);
    return 'done';
  };
  return { work, release: () => release() };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runCancellable (issue 17)', () => {
  it('a capture cancelled in flight answers cancelled at once and sends nothing more', async () => {
    const sent: string[] = [];
    const controller = new AbortController();
    const { work, release } = steppedWork(['Runtime.callFunctionOn'], ['Accessibility.getPartialAXTree'], sent);
    const pending = runCancellable(controller.signal, 'the snapshot', work);
    await turn();
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(TransportError.isInstance(error) && error.failure).toBe('cancelled');
    release();
    await turn();
    expect(sent).toEqual(['Runtime.callFunctionOn']);
  });

  it('an action cancelled before it delivered anything sends no input', async () => {
    const sent: string[] = [];
    const controller = new AbortController();
    const { work, release } = steppedWork(['DOM.scrollIntoViewIfNeeded'], ['Input.dispatchMouseEvent'], sent);
    // Inside an outer scope, as `raceDialog` runs actions.
    const pending = runInSendScope({ abandoned: null, delivering: false }, () => runCancellable(controller.signal, 'the action', work));
    await turn();
    controller.abort();
    await expect(pending).rejects.toThrow('the action was cancelled by the client');
    release();
    await turn();
    expect(sent).toEqual(['DOM.scrollIntoViewIfNeeded']);
  });

  it('an action that started delivering runs to its end and answers as usual', async () => {
    const sent: string[] = [];
    const controller = new AbortController();
    const { work, release } = steppedWork(['Input.dispatchMouseEvent'], ['Input.dispatchMouseEvent'], sent);
    const pending = runCancellable(controller.signal, 'the action', work);
    await turn();
    controller.abort();
    release();
    await expect(pending).resolves.toBe('done');
    expect(sent).toEqual(['Input.dispatchMouseEvent', 'Input.dispatchMouseEvent']);
  });

  it('a signal already fired starts nothing; no signal changes nothing', async () => {
    const sent: string[] = [];
    const controller = new AbortController();
    controller.abort();
    await expect(runCancellable(controller.signal, 'the snapshot', async () => send('Page.getFrameTree', sent))).rejects.toThrow('cancelled');
    expect(sent).toEqual([]);
    await expect(runCancellable(undefined, 'the snapshot', async () => (send('Page.getFrameTree', sent), 'read'))).resolves.toBe('read');
    expect(sent).toEqual(['Page.getFrameTree']);
  });
});
