import type { Protocol } from 'devtools-protocol';
import type { DialogInfo, DialogType } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';

/** Longest dialog message kept (page text; the rest is cut). */
export const DIALOG_MESSAGE_LIMIT = 1000;

/** How long `Page.handleJavaScriptDialog` may take (it is answered by the browser, not the page). */
const HANDLE_TIMEOUT_MS = 5_000;

export interface OpenDialog extends DialogInfo {
  /** The frame whose script opened it (an out-of-process iframe's too: Chromium reports those on the tab). */
  frameId: string;
}

export type BeforeUnloadPolicy = 'accept' | 'dismiss';

/** What ended a wait for a dialog: one opened (and is open), or a beforeunload was answered by policy. */
export type DialogSignal = { kind: 'opened'; dialog: OpenDialog } | { kind: 'beforeunload_handled'; accepted: boolean };

/**
 * SPEC §12: the JavaScript dialog state of one tab, from `Page.javascriptDialogOpening` /
 * `Page.javascriptDialogClosed` on the tab's own session. Chromium reports dialogs of
 * out-of-process iframes there too (with the iframe's frame id) and only accepts
 * `Page.handleJavaScriptDialog` on the top-level session, so one tracker per tab sees them all.
 * Nothing here calls into the page: while a dialog is open its renderer's main thread is blocked.
 */
export class DialogTracker {
  private current: OpenDialog | null = null;
  /** The beforeunload dialog being answered by a navigation's policy right now (never shown to the caller). */
  private answering: OpenDialog | null = null;
  private readonly listeners = new Set<(signal: DialogSignal) => void>();
  /** Set while a navigation runs that answers `beforeunload` itself (`on_beforeunload`). */
  private policyToken: { policy: BeforeUnloadPolicy } | null = null;
  private closedWaiters: Array<() => void> = [];

  constructor(private readonly session: CdpSession) {
    session.on('Page.javascriptDialogOpening', (event) => this.opening(event));
    session.on('Page.javascriptDialogClosed', () => this.closed());
    // A closed tab, or a main frame that committed a new document, has no dialog left open.
    session.onDetach(() => this.closed());
    session.on('Page.frameNavigated', ({ frame }) => {
      if (frame.parentId === undefined) this.closed();
    });
  }

  /** The dialog open now, or null. */
  get open(): OpenDialog | null {
    return this.current;
  }

  /**
   * A dialog is open that nobody but the caller will answer (an alert, confirm or prompt; a
   * beforeunload shown to the caller): the page is blocked until `browser_dialog` handles it, so a
   * wait for the page to load or change ends there. A beforeunload that a navigation's
   * `on_beforeunload` policy is answering does not count: that navigation goes on.
   */
  get blocksPage(): boolean {
    return this.current !== null && this.current !== this.answering;
  }

  /** Calls `listener` on the next dialog signal; returns the unsubscribe function. */
  onSignal(listener: (signal: DialogSignal) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Answers `beforeunload` dialogs with `policy` while `work` runs. */
  async withBeforeUnloadPolicy<T>(policy: BeforeUnloadPolicy, work: () => Promise<T>): Promise<T> {
    const release = this.answerBeforeUnload(policy);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Answers `beforeunload` dialogs with `policy` until the returned function is called. */
  answerBeforeUnload(policy: BeforeUnloadPolicy): () => void {
    const token = { policy };
    this.policyToken = token;
    return () => {
      if (this.policyToken === token) this.policyToken = null;
    };
  }

  /** Resolves once no dialog is open (at once when none is). */
  whenClosed(): Promise<void> {
    if (!this.current) return Promise.resolve();
    return new Promise((resolve) => this.closedWaiters.push(resolve));
  }

  /**
   * Accepts or dismisses the open dialog (`promptText` answers a prompt). False when none is open
   * (Chromium: "No dialog is showing"); the state is cleared either way.
   */
  async handle(accept: boolean, promptText?: string): Promise<boolean> {
    const handled = this.current;
    if (!handled) return false;
    // Only this dialog is closed here: the page may already have opened the next one (its
    // `javascriptDialogOpening` can arrive before this command's answer).
    const closeHandled = () => {
      if (this.current === handled) this.closed();
    };
    try {
      await this.session.send('Page.handleJavaScriptDialog', { accept, ...(promptText !== undefined ? { promptText } : {}) }, HANDLE_TIMEOUT_MS);
      closeHandled();
      return true;
    } catch (error) {
      if (/no dialog is showing/i.test((error as Error).message)) {
        closeHandled();
        return false;
      }
      throw error;
    }
  }

  private opening(event: Protocol.Page.JavascriptDialogOpeningEvent): void {
    const dialog: OpenDialog = { type: dialogType(event.type), message: event.message.slice(0, DIALOG_MESSAGE_LIMIT), frameId: event.frameId };
    const policy = this.policyToken?.policy ?? null;
    if (dialog.type === 'beforeunload' && policy !== null) {
      // The navigation asked for this answer: give it without ever showing the dialog to the caller.
      this.current = dialog;
      this.answering = dialog;
      void this.handle(policy === 'accept')
        .catch(() => undefined)
        .then(() => this.emit({ kind: 'beforeunload_handled', accepted: policy === 'accept' }));
      return;
    }
    this.current = dialog;
    this.emit({ kind: 'opened', dialog });
  }

  private closed(): void {
    this.current = null;
    this.answering = null;
    for (const resolve of this.closedWaiters.splice(0)) resolve();
  }

  private emit(signal: DialogSignal): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(signal);
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}

function dialogType(type: Protocol.Page.DialogType): DialogType {
  return type === 'confirm' || type === 'prompt' || type === 'beforeunload' ? type : 'alert';
}
