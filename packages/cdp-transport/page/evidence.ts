import { REDACTED_TEXT } from '@sightline/semantic-core/page-safe';
import { contentInsets } from './dom/boxes.js';
import { isDisclosureSummary } from './dom/details.js';
import { isDraggable } from './dom/draggable.js';
import { isSensitive } from './secret-fields.js';
import type { Rect } from './types.js';
import type { ShippedStyle } from './wire/ship-result.js';

export interface ElementEvidence {
  value?: string;
  states?: Record<string, boolean | number | 'mixed'>;
  attributes?: Record<string, boolean | number | string>;
  style: ShippedStyle;
  /** For <iframe>: its content box in top-level coordinates. */
  content?: Rect;
}

/** Full evidence for one shipped element (only shipped nodes pay for this). */
export function elementEvidence(element: Element, focused: boolean, origin: { x: number; y: number }): ElementEvidence {
  const style = getComputedStyle(element);
  const overflow = style.overflowX + ' ' + style.overflowY;
  const scrollable = /auto|scroll/.test(overflow) && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
  // Defaults (content-visibility visible, cursor auto, position static) are left out: smaller on the wire.
  const out: ElementEvidence = { style: { display: style.display, visibility: style.visibility, opacity: Number(style.opacity) } };
  const contentVisibility = style.contentVisibility;
  if (contentVisibility && contentVisibility !== 'visible') out.style.contentVisibility = contentVisibility;
  if (style.cursor !== 'auto') out.style.cursor = style.cursor;
  if (style.position !== 'static') out.style.position = style.position;
  if (scrollable) out.style.scrollable = true;
  const attributes: Record<string, boolean | number | string> = {};
  if (element.hasAttribute('hidden')) attributes['hidden'] = true;
  if (element.getAttribute('aria-hidden') === 'true') attributes['ariaHidden'] = true;
  if (element.hasAttribute('inert')) attributes['inert'] = true;
  if (element.hasAttribute('tabindex')) {
    const t = Number.parseInt(element.getAttribute('tabindex') ?? '', 10);
    if (Number.isInteger(t)) attributes['tabIndex'] = t;
  }
  if ((element as HTMLElement).isContentEditable) attributes['contentEditable'] = true;
  if ((element.localName === 'a' || element.localName === 'area') && element.hasAttribute('href')) {
    attributes['href'] = true;
    // The resolved URL, capped: a data: URL can be megabytes.
    attributes['url'] = (element as HTMLAnchorElement).href.slice(0, 2000);
  }
  const tag = element.localName;
  if (tag === 'input') attributes['inputType'] = ((element as HTMLInputElement).type || 'text').toLowerCase();
  const autocomplete = element.getAttribute('autocomplete');
  if (autocomplete) attributes['autocomplete'] = autocomplete.toLowerCase();
  if (element.hasAttribute('onclick')) attributes['clickHandler'] = true;
  if (isDraggable(element)) attributes['draggable'] = true;
  if (element.localName === 'label' && (element as HTMLLabelElement).control === null) attributes['labelsNothing'] = true;
  const placeholder = element.getAttribute('placeholder');
  if (placeholder) attributes['placeholder'] = placeholder;
  if (Object.keys(attributes).length > 0) out.attributes = attributes;

  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const raw = (element as HTMLInputElement).value ?? '';
    const type = tag === 'input' ? (element as HTMLInputElement).type : '';
    if (type !== 'checkbox' && type !== 'radio' && type !== 'button' && type !== 'submit' && type !== 'reset' && type !== 'image') {
      // Sensitive values never leave the page: only whether the field is filled.
      if (tag === 'select') {
        const selected = Array.from((element as HTMLSelectElement).selectedOptions, (o) => (o.label || o.text).trim());
        out.value = selected.join(', ');
      } else out.value = isSensitive(element) ? (raw.length > 0 ? REDACTED_TEXT : '') : raw.slice(0, 2000);
    }
  }
  const states: Record<string, boolean | number | 'mixed'> = {};
  if (focused) states['focused'] = true;
  if ((element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true') states['disabled'] = true;
  if (tag === 'input' && ((element as HTMLInputElement).type === 'checkbox' || (element as HTMLInputElement).type === 'radio')) {
    states['checked'] = (element as HTMLInputElement).indeterminate ? 'mixed' : (element as HTMLInputElement).checked;
  } else {
    const checked = element.getAttribute('aria-checked');
    if (checked) states['checked'] = checked === 'mixed' ? 'mixed' : checked === 'true';
  }
  const expanded = element.getAttribute('aria-expanded');
  if (expanded) states['expanded'] = expanded === 'true';
  // A <details> is opened and closed by its first <summary>: the state is the summary's (as in Chromium's tree), not the group's.
  else if (isDisclosureSummary(element)) states['expanded'] = (element.parentElement as HTMLDetailsElement).open;
  if (tag === 'option') states['selected'] = (element as HTMLOptionElement).selected;
  else if (element.getAttribute('aria-selected')) states['selected'] = element.getAttribute('aria-selected') === 'true';
  const pressed = element.getAttribute('aria-pressed');
  if (pressed) states['pressed'] = pressed === 'mixed' ? 'mixed' : pressed === 'true';
  if ((element as HTMLInputElement).required === true || element.getAttribute('aria-required') === 'true') states['required'] = true;
  const level = /^h([1-6])$/.exec(tag);
  const ariaLevel = Number.parseInt(element.getAttribute('aria-level') ?? '', 10);
  if (Number.isInteger(ariaLevel)) states['level'] = ariaLevel;
  else if (level) states['level'] = Number(level[1]);
  if (element.getAttribute('aria-invalid') === 'true') states['invalid'] = true;
  if (Object.keys(states).length > 0) out.states = states;

  if (tag === 'iframe' || tag === 'frame') {
    const border = element.getBoundingClientRect();
    const inset = contentInsets(element, style);
    out.content = { x: border.x + element.clientLeft + inset.padLeft + origin.x, y: border.y + element.clientTop + inset.padTop + origin.y, width: inset.width, height: inset.height };
  }
  return out;
}
