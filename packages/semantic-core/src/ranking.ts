// Zod-free entry of the pure classification and ranking rules, so a transport can bundle the very
// same code into a page's isolated world (SPEC §8). Everything reachable from here must stay free
// of zod and of Node APIs, and of syntax newer than ES2020.
export { classifyPage } from './classify/classify-page.js';
export { createStyleWalk, walkStep, walkStyles, type StyleWalk } from './classify/style-walk.js';
export { classifyVisibility, geometryVisibility, visibilityOfAll } from './classify/visibility.js';
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
export { isSemantic } from './classify/is-semantic.js';
export { isDragCursor } from './classify/drag-cursor.js';
export { REDACTED_TEXT, isSecretField, isSecretFieldFacts, redactedName, type SecretFieldFacts } from './classify/redaction.js';
export { CONTAINER_ROLES, NAME_FROM_CONTENT_ROLES, STRUCTURAL_ROLES } from './classify/roles.js';
export { collapseWhitespace, hasVisibleText } from './classify/text.js';
export { repeatsName } from './classify/echoes.js';
export { tierOf } from './rank/tier.js';
export { rankNodes } from './rank/rank-nodes.js';
export { intersectRects } from './model/geometry.js';
