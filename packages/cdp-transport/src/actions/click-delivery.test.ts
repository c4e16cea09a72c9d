import { describe, expect, it } from 'vitest';
import { resolveClickDelivery } from './click-delivery.js';

const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
const HEADFUL = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('resolveClickDelivery', () => {
  it('auto (and unset) is keyboard for a browser with windows, mouse for a headless one', () => {
    expect(resolveClickDelivery(undefined, HEADFUL)).toBe('keyboard');
    expect(resolveClickDelivery('auto', HEADFUL)).toBe('keyboard');
    expect(resolveClickDelivery(undefined, HEADLESS)).toBe('mouse');
    expect(resolveClickDelivery('auto', HEADLESS)).toBe('mouse');
  });

  it('an unknown user agent counts as headful: the choice that cannot raise a window', () => {
    expect(resolveClickDelivery('auto', '')).toBe('keyboard');
    expect(resolveClickDelivery('auto', 'Custom agent 1.0')).toBe('keyboard');
  });

  it('an explicit choice is kept', () => {
    expect(resolveClickDelivery('mouse', HEADFUL)).toBe('mouse');
    expect(resolveClickDelivery('keyboard', HEADLESS)).toBe('keyboard');
  });
});
