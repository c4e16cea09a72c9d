import { z } from 'zod';
import { sessionSchema, tabIdSchema, targetIdSchema } from './identifiers.js';
import { tabSummarySchema } from './responses.js';

/** SPEC §12 `browser_tabs`: list, open in the background, choose the session's tab, close. */

export const TAB_ACTIONS = ['list', 'new', 'select', 'close'] as const;

export const tabsRequestSchema = z
  .strictObject({
    session: sessionSchema,
    target_id: targetIdSchema,
    action: z.enum(TAB_ACTIONS),
    url: z.string().min(1).max(8192).optional(),
    tab_id: tabIdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.url !== undefined && value.action !== 'new') {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url goes only with action "new"' });
    }
    if (value.url !== undefined && /^\s*(javascript|data|vbscript):/i.test(value.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'script and data URLs are not opened; pass an http(s) URL' });
    }
    if ((value.action === 'select' || value.action === 'close') && value.tab_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tab_id'], message: `action "${value.action}" needs the tab_id of the tab (from a tabs listing)` });
    }
    if ((value.action === 'list' || value.action === 'new') && value.tab_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['tab_id'], message: `action "${value.action}" takes no tab_id` });
    }
  });

/** A tab of the listing; a popup (window.open, target=_blank) names the tab that opened it. */
export const tabEntrySchema = tabSummarySchema.extend({
  opener_tab_id: z.string().optional(),
});

export const tabsResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('tabs'),
  target_id: z.string(),
  tabs: z.array(tabEntrySchema),
  /** The tab the session acts on (`select`, or the tab `new` opened); absent when none is chosen or it closed. */
  selected_tab_id: z.string().optional(),
  /** `new`: the tab it opened. */
  tab_id: z.string().optional(),
});

export type TabsRequest = z.infer<typeof tabsRequestSchema>;
export type TabsResponse = z.infer<typeof tabsResponseSchema>;
export type TabEntry = z.infer<typeof tabEntrySchema>;
export type TabAction = (typeof TAB_ACTIONS)[number];
