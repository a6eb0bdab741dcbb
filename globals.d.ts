/** True only in the test build (VOXLATE_TEST_BUILD=1); see wxt.config.ts. */
declare const __VOXLATE_TEST_HOOKS__: boolean;
