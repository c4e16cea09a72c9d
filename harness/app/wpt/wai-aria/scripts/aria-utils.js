// Stub of WPT's /wai-aria/scripts/aria-utils.js: the verify* calls are no-ops here. Sightline's
// conformance test (harness/test/e2e/wpt-accname-conformance.spec.ts) compares each element that
// carries data-expectedlabel / data-expectedrole with Chromium's accessibility tree instead.
const AriaUtils = {
  assignAndVerifyRolesByRoleNames() {},
  verifyRolesBySelector() {},
  verifyGenericRolesBySelector() {},
  verifyRolesAndLabelsBySelector() {},
  verifyLabelsBySelector() {},
};
