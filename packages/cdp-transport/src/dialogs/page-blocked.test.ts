import { describe, expect, it } from 'vitest';
import { DialogTracker } from './dialog-tracker.js';
import { pageBlocked } from './page-blocked.js';
import type { CdpSession } from '../connection/cdp-session.js';

/** A session stand-in: fires protocol events at the tracker; `Page.handleJavaScriptDialog` answers once `answer()` is called. */
function fakeSession() {
  const handlers = new Map<string, (params: unknown) => void>();
  let answer: () => void = () => undefined;
  const session = {
    on: (event: string, handler: (params: unknown) => void) => (handlers.set(event, handler), () => undefined),
    onDetach: () => () => undefined,
    send: () => new Promise<void>((resolve) => (answer = resolve)),
  } as unknown as CdpSession;
  return { session, fire: (event: string, params: unknown) => handlers.get(event)!(params), answer: () => answer() };
}

const opening = (type: string, message: string) => ({ url: 'http://127.0.0.1/', frameId: 'main', message, type, hasBrowserHandler: true });

describe('DialogTracker.blocksPage and pageBlocked', () => {
  it('an alert blocks the page until it closes; a wait started before it is told at once, one started during it at once too', async () => {
    const { session, fire } = fakeSession();
    const dialogs = new DialogTracker(session);
    const before = pageBlocked(dialogs);
    let told = false;
    void before.blocked.then(() => (told = true));
    expect(dialogs.blocksPage).toBe(false);
    fire('Page.javascriptDialogOpening', opening('alert', 'Saved'));
    expect(dialogs.blocksPage).toBe(true);
    await expect(before.blocked).resolves.toBe('blocked');
    expect(told).toBe(true);
    await expect(pageBlocked(dialogs).blocked).resolves.toBe('blocked');
    fire('Page.javascriptDialogClosed', { result: true, userInput: '' });
    expect(dialogs.blocksPage).toBe(false);
    before.off();
  });

  it('a beforeunload that a navigation policy answers does not block; one left to the caller does', async () => {
    const { session, fire, answer } = fakeSession();
    const dialogs = new DialogTracker(session);
    const release = dialogs.answerBeforeUnload('accept');
    const during = pageBlocked(dialogs);
    let told = false;
    void during.blocked.then(() => (told = true));
    fire('Page.javascriptDialogOpening', opening('beforeunload', 'Leave?'));
    // Open (the tracker is answering it) but not blocking: the navigation goes on.
    expect(dialogs.open).toMatchObject({ type: 'beforeunload' });
    expect(dialogs.blocksPage).toBe(false);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dialogs.open).toBeNull();
    expect(told).toBe(false);
    during.off();
    release();

    fire('Page.javascriptDialogOpening', opening('beforeunload', 'Leave?'));
    expect(dialogs.blocksPage).toBe(true);
  });
});
