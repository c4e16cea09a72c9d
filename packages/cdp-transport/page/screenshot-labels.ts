import type { LabelBox } from './wire/screenshot-wire.js';

/**
 * Numbered labels over boxes (top-level viewport px) for annotated screenshots (SPEC §12), drawn in
 * a closed shadow root so page script cannot read or restyle them; removed right after the shot.
 */
export class LabelOverlay {
  private host: HTMLElement | null = null;

  /** Draws `list` ([] removes the labels). */
  draw(list: LabelBox[]): void {
    this.host?.remove();
    this.host = null;
    if (list.length === 0) return;
    const host = document.createElement('div');
    host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
    const root = host.attachShadow({ mode: 'closed' });
    for (const { label, box } of list) {
      const frame = document.createElement('div');
      frame.style.cssText = `position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;outline:2px solid #e8117f;`;
      const tag = document.createElement('span');
      tag.textContent = String(label);
      tag.style.cssText = 'position:absolute;left:-2px;top:-16px;font:bold 11px/14px monospace;background:#e8117f;color:#fff;padding:0 3px;';
      frame.appendChild(tag);
      root.appendChild(frame);
    }
    document.documentElement.appendChild(host);
    this.host = host;
  }
}
