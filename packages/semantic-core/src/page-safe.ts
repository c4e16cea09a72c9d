// The page-safe entry (`@sightline/semantic-core/page-safe`): every rule and constant the page's
// collector shares with the core, so a transport can bundle the very same code into a page's
// isolated world (SPEC §8) instead of restating it. Everything reachable from here must stay free
// of zod and of Node APIs, and of syntax newer than ES2020.
export { classifyPage } from './classify/classify-page.js';
export { createStyleWalk, walkStep, walkStyles, type StyleWalk } from './classify/style-walk.js';
export {
  classifyVisibility,
  geometryVisibility,
  geometryVisibilityCode,
  visibilityOfAll,
  VIS_CSS_HIDDEN,
  VIS_IN_VIEWPORT,
  VIS_NEAR_VIEWPORT,
  VIS_NO_LAYOUT,
  VIS_OFFSCREEN,
  VIS_PAGE_OCCLUDED,
  VIS_UNKNOWN,
} from './classify/visibility.js';
export { NEAR_VIEWPORT_MARGIN, VISIBILITY_CLASSES, type Visibility } from './model/visibility.js';
export {
  ACTION_CLICK,
  ACTION_DRAG,
  ACTION_HOVER,
  ACTION_SCROLL,
  ACTION_SELECT,
  ACTION_TYPE,
  ACTION_UPLOAD,
  actionMask,
  actionsFor,
  actionsFromMask,
} from './classify/action-kinds.js';
export type { ElementAttributeFacts, ElementFacts } from './classify/element-facts.js';
export { isSemantic } from './classify/is-semantic.js';
export { isDragCursor } from './classify/drag-cursor.js';
export { REDACTED_TEXT, isSecretField, isSecretFieldFacts, redactedName, type SecretFieldFacts } from './classify/redaction.js';
export { CONTAINER_ROLES, NAME_FROM_CONTENT_ROLES, STRUCTURAL_ROLES } from './classify/roles.js';
export { collapseWhitespace, hasVisibleText, iconGlyphsOnly } from './classify/text.js';
export { repeatsName } from './classify/echoes.js';
export { fieldsMatchQuery, queryNeedle } from './scopes/query-match.js';
export { tierFor, tierOf, VIEWPORT_MAX_TIER } from './rank/tier.js';
export type { Tier } from './model/semantic-node.js';
export type { NodeStates } from './model/node-states.js';
export { rankNodes } from './rank/rank-nodes.js';
export { rankIndexes } from './rank/rank-indexes.js';
export { intersectRects, type Rect } from './model/geometry.js';
