import type { ProbeReading } from '../wire/action-answers.js';

interface Probe {
  mutations: number;
  before: string;
  active: Element | null;
  observer: MutationObserver;
  target: Node | null;
}

/**
 * Watches the document for an action's effect: a MutationObserver plus a fingerprint (URL, focus,
 * page scroll, and the target's value/checked/selection/scroll). Installed before delivery, read
 * (and dropped) after it.
 */
export class EffectProbes {
  private readonly probes = new Map<number, Probe>();
  private next = 1;

  install(target: Node | null): number {
    const probe: Probe = { mutations: 0, before: '', active: document.activeElement, observer: new MutationObserver((records) => (probe.mutations += records.length)), target };
    probe.before = fingerprint(target);
    probe.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const token = this.next++;
    this.probes.set(token, probe);
    return token;
  }

  read(token: number): ProbeReading {
    const probe = this.probes.get(token);
    if (!probe) return 'unknown';
    this.probes.delete(token);
    probe.mutations += probe.observer.takeRecords().length;
    probe.observer.disconnect();
    const changed = probe.mutations > 0 || fingerprint(probe.target) !== probe.before || document.activeElement !== probe.active;
    return changed ? 'changed' : 'unchanged';
  }
}

function fingerprint(target: Node | null): string {
  const t = target instanceof Element ? (target as Element & Partial<HTMLInputElement & HTMLSelectElement & HTMLOptionElement>) : null;
  const scroller = document.scrollingElement ?? document.documentElement;
  return JSON.stringify([
    document.URL,
    document.activeElement?.localName,
    scroller ? [scroller.scrollTop, scroller.scrollLeft] : null,
    t ? [t.value, t.checked, t.selectedIndex, t.selected, t.scrollTop, t.scrollLeft, t.isConnected] : null,
  ]);
}
