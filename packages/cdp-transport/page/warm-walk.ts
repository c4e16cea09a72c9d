// Issue 16: the walk a one-shot's warm-up made while the page went quiet, kept for the one capture
// right after it. It is used instead of walking again only while it still describes the page: no
// DOM change since (the mutation log, which sees the document and every shadow root walked), the
// same scroll position, viewport size, focused element and number of style rules (a rule inserted
// through the CSSOM changes no DOM), no custom element the walk met left to upgrade (an upgrade may
// attach a shadow root unseen) — and, decided on the Node side, no request started or ended since the
// warm-up began (a late image, font or stylesheet changes layout without changing the DOM).
// Anything else, and the capture walks as usual.
import type { MutationLog } from './mutation-log.js';
import type { Walk } from './types.js';

interface KeptWalk {
  walk: Walk;
  changes: number;
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
  focused: Element | null;
  styleRules: number;
}

export class WarmWalk {
  private kept: KeptWalk | null = null;
  /** The view each new walk saw: a closed-root exchange keeps a walk across calls, between which the page may scroll. */
  private readonly views = new WeakMap<Walk, Omit<KeptWalk, 'walk' | 'changes'>>();

  /** Notes the view a walk is made in (call it right after the walk). */
  noteView(walk: Walk): void {
    this.views.set(walk, viewState());
  }

  /**
   * Keeps a finished walk with the view it was made in (one cut short by a budget, or with an
   * upgrade pending, is never reused). Its DOM is the page's still: a change between the calls of a
   * closed-root exchange makes the next call walk again.
   */
  keep(walk: Walk, log: MutationLog): void {
    this.kept = walk.exhausted.length > 0 || walk.pendingUpgrades === true ? null : { walk, changes: log.changes, ...(this.views.get(walk) ?? viewState()) };
  }

  /** The kept walk, when `allowed` and it still describes the page; offered once either way. */
  take(log: MutationLog, allowed: boolean): Walk | null {
    const kept = this.kept;
    this.kept = null;
    if (!allowed || kept === null || log.changes !== kept.changes) return null;
    const now = viewState();
    const same =
      now.scrollX === kept.scrollX && now.scrollY === kept.scrollY && now.width === kept.width && now.height === kept.height && now.focused === kept.focused && now.styleRules === kept.styleRules;
    return same ? kept.walk : null;
  }
}

function viewState(): Omit<KeptWalk, 'walk' | 'changes'> {
  let focused: Element | null = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  return { scrollX: window.scrollX, scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight, focused, styleRules: styleRuleCount() };
}

/** Rules of the document's style sheets (a cross-origin sheet, unreadable, counts as one). */
function styleRuleCount(): number {
  let count = 0;
  const sheets = [...Array.from(document.styleSheets), ...document.adoptedStyleSheets];
  for (const sheet of sheets) {
    try {
      count += sheet.cssRules.length + 1;
    } catch {
      count += 1;
    }
  }
  return count;
}
